import { describe, expect, it } from 'vitest';
import { slugify, uniqueSlug } from './slug.ts';

describe('slugify (spec section 5)', () => {
  it.each([
    ['Einführung in Führung', 'einfuehrung-in-fuehrung'],
    ['Größe & Maß', 'groesse-and-mass'],
    ['Crème brûlée à la carte', 'creme-brulee-a-la-carte'],
    ['Hello,   World!!!', 'hello-world'],
    ['  leading and trailing  ', 'leading-and-trailing'],
    ['Ärger über Öl', 'aerger-ueber-oel'],
    ['Rock&Roll', 'rock-and-roll'],
    ['C++ / C# (2026)', 'c-c-2026'],
    ['already-slugged-text', 'already-slugged-text'],
    ['snake_case_words', 'snake-case-words'],
    ['Ça va? Ñandú', 'ca-va-nandu'],
  ])('%s → %s', (input, expected) => {
    expect(slugify(input)).toBe(expected);
  });

  it('gives an empty string when nothing usable is left', () => {
    expect(slugify('!!! ??? ...')).toBe('');
    expect(slugify('')).toBe('');
    expect(slugify('日本語')).toBe('');
  });
});

describe('uniqueSlug', () => {
  it('appends the first free numeric suffix', () => {
    expect(uniqueSlug('Kurs A', new Set())).toBe('kurs-a');
    expect(uniqueSlug('Kurs A', new Set(['kurs-a']))).toBe('kurs-a-2');
    expect(uniqueSlug('Kurs A', new Set(['kurs-a', 'kurs-a-2', 'kurs-a-3']))).toBe('kurs-a-4');
  });
  it('falls back when the slug is empty', () => {
    expect(uniqueSlug('???', new Set(), 'seminar')).toBe('seminar');
    expect(uniqueSlug('???', new Set(['seminar']), 'seminar')).toBe('seminar-2');
  });
  it('caps the length at 80 characters without a trailing hyphen', () => {
    const s = uniqueSlug(`${'a'.repeat(79)} b`, new Set());
    expect(s.length).toBeLessThanOrEqual(80);
    expect(s.endsWith('-')).toBe(false);
  });
});
