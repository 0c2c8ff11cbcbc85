import { describe, expect, it } from 'vitest';
import { AppError } from '../errors.ts';
import { nulFields, rejectNul } from './no-nul.ts';

describe('rejectNul', () => {
  it('passes input without a NUL character, however nested', () => {
    expect(() =>
      rejectNul({ id: '7' }, { q: 'abc' }, { a: [{ b: ['x', 1, null, { c: 'y' }] }], n: 3, t: true }),
    ).not.toThrow();
    expect(() => rejectNul(undefined, null, 'plain', [])).not.toThrow();
  });

  it('names every field holding one, in values, nested arrays and keys', () => {
    const body = { title: 'a\u0000b', links: [{ label: 'ok' }, { label: 'x\u0000' }], 'k\u0000ey': 1 };
    expect(nulFields(body).sort()).toEqual(['k\u0000ey', 'links.1.label', 'title']);
    let thrown: unknown;
    try {
      rejectNul({ id: '1' }, undefined, body);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(AppError);
    expect((thrown as AppError).status).toBe(422);
    expect(Object.keys((thrown as AppError).fields ?? {}).sort()).toEqual([
      'k\u0000ey',
      'links.1.label',
      'title',
    ]);
  });

  it('finds a NUL in a plain string source and in an inherited-free object only', () => {
    expect(() => rejectNul('a\u0000')).toThrow();
    const proto = { inherited: 'x\u0000' };
    const own = Object.create(proto) as Record<string, unknown>;
    own.mine = 'fine';
    expect(() => rejectNul(own)).not.toThrow();
  });
});
