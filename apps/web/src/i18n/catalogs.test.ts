import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Tree } from './catalog';
import baseDe from './de.json';
import baseEn from './en.json';
import { partFiles, wholeCatalog } from './whole';

const { de, en } = wholeCatalog;

/** the catalog parts (features, sub-parts, legal texts) by file path */
const featureCatalogsOf = (locale: 'de' | 'en'): [string, Tree][] => Object.entries(partFiles[locale]);

function flatten(value: unknown, prefix = ''): Record<string, unknown> {
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    return Object.assign(
      {},
      ...Object.entries(value).map(([key, child]) => flatten(child, prefix ? `${prefix}.${key}` : key)),
    );
  }
  return { [prefix]: value };
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

describe('i18n catalogs', () => {
  const deKeys = flatten(de);
  const enKeys = flatten(en);

  it('de and en have identical key sets', () => {
    expect(Object.keys(enKeys).sort()).toEqual(Object.keys(deKeys).sort());
  });

  it('lets no catalog part redefine a key of the core or of another part', () => {
    for (const locale of ['de', 'en'] as const) {
      const base = locale === 'de' ? baseDe : baseEn;
      const seen = new Map(Object.keys(flatten(base)).map((key) => [key, `i18n/${locale}.json`]));
      for (const [path, catalog] of featureCatalogsOf(locale)) {
        for (const key of Object.keys(flatten(catalog))) {
          expect(seen.get(key), `${path}: ${key}`).toBeUndefined();
          seen.set(key, path);
        }
      }
    }
  });

  it('has no empty texts', () => {
    for (const [key, text] of [...Object.entries(deKeys), ...Object.entries(enKeys)]) {
      expect(typeof text === 'string' && text.length > 0, key).toBe(true);
    }
  });

  it('uses the same placeholders in both languages', () => {
    const placeholders = (text: unknown) =>
      [...String(text).matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
    for (const key of Object.keys(deKeys)) {
      expect(placeholders(enKeys[key]), key).toEqual(placeholders(deKeys[key]));
    }
  });

  it('has every literal key the source code uses', () => {
    const root = join(import.meta.dirname, '..');
    const used = new Set<string>();
    for (const file of sourceFiles(root)) {
      const code = readFileSync(file, 'utf8');
      for (const match of code.matchAll(/\bt\(\s*'([a-zA-Z]+(?:\.[a-zA-Z]+)+)'/g)) used.add(match[1]!);
    }
    expect(used.size).toBeGreaterThan(50);
    // a key with plural forms exists as `key_one` / `key_other`
    const missing = [...used].filter((key) => !(key in deKeys) && !(`${key}_other` in deKeys));
    expect(missing).toEqual([]);
  });
});
