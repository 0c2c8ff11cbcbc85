import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createInstance } from 'i18next';
import { describe, expect, it } from 'vitest';

/**
 * A count shown with its noun ("1 Konten") needs plural forms (issue 14.6): such texts live in
 * `key_one` / `key_other` pairs, which i18next picks by `count`.
 */
const src = join(dirname(fileURLToPath(import.meta.url)), '..');

function catalogFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = join(dir, name);
    if (statSync(file).isDirectory()) return catalogFiles(file);
    return /^(de|en)\.json$/.test(name) && file.includes('i18n') ? [file] : [];
  });
}

function entries(value: unknown, at: string[] = []): [string[], string][] {
  if (typeof value === 'string') return [[at, value]];
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, child]) => entries(child, [...at, key]));
  }
  return [];
}

// a number followed by a word ("{{count}} Konten", "noch {{count}} Durchläufe", "{{count}} Person"),
// not "{{count}} von {{total}} …"
const COUNT_WITH_NOUN = /\{\{count\}\} (?!von |of )\p{L}/u;

describe('plural forms where a count is shown', () => {
  const files = catalogFiles(src);

  it('finds the catalogs', () => {
    expect(files.length).toBeGreaterThanOrEqual(10);
  });

  it('puts every count with a noun into _one / _other forms, and every _one has its _other', () => {
    const problems: string[] = [];
    for (const file of files) {
      const all = entries(JSON.parse(readFileSync(file, 'utf8')));
      const keys = new Set(all.map(([path]) => path.join('.')));
      for (const [path, text] of all) {
        const key = path.join('.');
        const where = `${relative(src, file)}: ${key}`;
        if (COUNT_WITH_NOUN.test(text) && !/_(one|other)$/.test(key)) problems.push(`${where}: ${text}`);
        if (key.endsWith('_one') && !keys.has(key.replace(/_one$/, '_other')))
          problems.push(`${where}: no _other`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('says "1 Konto" and "2 Konten", "1 account" and "2 accounts"', async () => {
    const read = (path: string) => JSON.parse(readFileSync(join(src, path), 'utf8'));
    const i18n = createInstance();
    await i18n.init({
      lng: 'de',
      resources: {
        de: { translation: read('features/admin/i18n/de.json') },
        en: { translation: read('features/admin/i18n/en.json') },
      },
    });
    expect(i18n.t('admin.users.total', { count: 1 })).toBe('1 Konto');
    expect(i18n.t('admin.users.total', { count: 2 })).toBe('2 Konten');
    expect(i18n.t('admin.users.total', { count: 1, lng: 'en' })).toBe('1 account');
    expect(i18n.t('admin.users.total', { count: 0, lng: 'en' })).toBe('0 accounts');
  });
});
