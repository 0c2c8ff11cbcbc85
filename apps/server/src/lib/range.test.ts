import { describe, expect, it } from 'vitest';
import { parseRange } from './range.ts';

describe('parseRange (RFC 9110 §14)', () => {
  it.each([
    ['bytes=0-4', [[0, 4]]],
    ['bytes=2-', [[2, 9]]],
    ['bytes=-3', [[7, 9]]],
    ['bytes=-30', [[0, 9]]],
    ['bytes=5-100', [[5, 9]]],
    ['Bytes = 0-1', [[0, 1]]],
    [
      'bytes=0-1, 4-5',
      [
        [0, 1],
        [4, 5],
      ],
    ],
    [
      'bytes=4-5,0-1',
      [
        [4, 5],
        [0, 1],
      ],
    ],
    ['bytes=0-1, 20-30', [[0, 1]]],
    [
      'bytes=0-1,,4-5',
      [
        [0, 1],
        [4, 5],
      ],
    ],
  ])('%s → ranges', (header, expected) => {
    expect(parseRange(header, 10)).toEqual({
      kind: 'ranges',
      ranges: expected.map(([start, end]) => ({ start, end })),
    });
  });

  it.each([
    'items=0-5',
    'none',
    'bytes=abc',
    'bytes=5-2',
    'bytes=-',
    'bytes=',
    'bytes=0-5, 3-8',
    `bytes=${Array.from({ length: 17 }, (_, i) => `${i}-${i}`).join(',')}`,
  ])('%s → ignored (whole file)', (header) => {
    expect(parseRange(header, 10)).toEqual({ kind: 'ignore' });
  });

  it.each(['bytes=10-', 'bytes=20-30, 40-', 'bytes=-0'])('%s → unsatisfiable', (header) => {
    expect(parseRange(header, 10)).toEqual({ kind: 'unsatisfiable' });
  });

  it('finds nothing satisfiable in an empty file', () => {
    expect(parseRange('bytes=0-1', 0)).toEqual({ kind: 'unsatisfiable' });
    expect(parseRange('bytes=-5', 0)).toEqual({ kind: 'unsatisfiable' });
  });
});
