import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CATALOG_PARTS, type Tree } from '@/i18n/catalog';
import core from '@/i18n/de.json';
import { partsOf } from '@/i18n/whole';
import type { LayoutName } from './page-types';
import { PAGES } from './pages';

/**
 * Issue 34: the UI catalog comes in parts (i18n/catalog.ts); a page loads the core and the parts
 * its `PageDef.i18n` names. A page must never show a raw key, so this test reads the source:
 * from each page module and its layout it follows every import (static and dynamic: a dialog
 * loaded later shows on the same page) and collects every string that is a catalog key, or the
 * start of one (`t(`admin.status.${…}`)`), also where a key is handed around as data
 * (`label: 'admin.nav.users'`). Each such key must be in the core or in one of the page's parts.
 * The route table and the router are not followed: their dynamic imports are the other pages.
 */
const SRC = resolve(import.meta.dirname, '..');
const NOT_FOLLOWED = /\/app\/(?:pages[\w.-]*\.ts|router\.tsx)$/;

function resolveImport(from: string, spec: string): string | undefined {
  let base: string;
  if (spec.startsWith('@/')) base = join(SRC, spec.slice(2));
  else if (spec.startsWith('.')) base = resolve(dirname(from), spec);
  else return undefined;
  return [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`].find(
    (file) => /\.tsx?$/.test(file) && existsSync(file),
  );
}

/** `entry` and every source module it imports, directly or not (type-only imports aside). */
function modulesOf(entry: string, seen = new Set<string>()): Set<string> {
  if (seen.has(entry)) return seen;
  seen.add(entry);
  const code = readFileSync(entry, 'utf8');
  const specs = [
    ...code.matchAll(/(?:^|[\n;])\s*(?:import|export)\s+(?!type\s)(?:[^'";]*?\sfrom\s*)?['"]([^'"]+)['"]/g),
    ...(NOT_FOLLOWED.test(entry) ? [] : code.matchAll(/\bimport\(\s*['"]([^'"]+)['"]\s*\)/g)),
  ].map((match) => match[1] ?? '');
  for (const spec of specs) {
    const file = resolveImport(entry, spec);
    if (file) modulesOf(file, seen);
  }
  return seen;
}

const keysOf = (tree: Tree, prefix = ''): string[] =>
  Object.entries(tree).flatMap(([key, value]) => {
    const path = prefix ? `${prefix}.${key}` : key;
    return typeof value === 'string'
      ? [path.replace(/_(?:zero|one|two|few|many|other)$/, '')]
      : keysOf(value, path);
  });

const parts = partsOf('de');
/** every key (plural forms as one) with the part that holds it, `core` for the core */
const owner = new Map<string, string>([
  ...keysOf(core).map((key) => [key, 'core'] as const),
  ...Object.entries(parts).flatMap(([part, tree]) => keysOf(tree).map((key) => [key, part] as const)),
]);
const keys = [...owner.keys()];

/** The catalog keys `files` use, with the parts that hold them (a prefix: every part below it). */
function usedKeys(files: Iterable<string>): { use: string; parts: Set<string> }[] {
  const found: { use: string; parts: Set<string> }[] = [];
  for (const file of files) {
    const code = readFileSync(file, 'utf8');
    for (const match of code.matchAll(/'([a-zA-Z][\w.]*)'|"([a-zA-Z][\w.]*)"|`([a-zA-Z][\w.]*)(?:`|\$\{)/g)) {
      const text = match[1] ?? match[2] ?? match[3] ?? '';
      if (!text.includes('.')) continue;
      const prefix = match[3] !== undefined && match[0].endsWith('${') ? text : null;
      const holders = new Set(
        prefix === null
          ? [
              owner.get(text),
              ...keys.filter((key) => key.startsWith(`${text}.`)).map((key) => owner.get(key)),
            ]
          : keys.filter((key) => key.startsWith(prefix)).map((key) => owner.get(key)),
      );
      holders.delete(undefined);
      if (holders.size) found.push({ use: `${relative(SRC, file)}: ${text}`, parts: holders as Set<string> });
    }
  }
  return found;
}

/** each page's module file, read from the route tables (`id: '…'` … `import('./routes/…')`) */
function pageModules(): Map<string, string> {
  const files = [
    'pages.ts',
    'pages.admin.ts',
    'pages.companies.ts',
    'pages.mc-tests.ts',
    'pages.payments.ts',
  ];
  const modules = new Map<string, string>();
  for (const name of files) {
    const file = join(SRC, 'app', name);
    for (const match of readFileSync(file, 'utf8').matchAll(
      /\{[^{}]*?\bid: '([^']+)'[^{}]*?import\('([^']+)'\)/g,
    ))
      modules.set(match[1] ?? '', resolveImport(file, match[2] ?? '') ?? '');
  }
  return modules;
}

const layoutFile = (layout: LayoutName) =>
  join(SRC, 'app/layouts', `${layout.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}-layout.tsx`);

describe('UI catalog parts (issue 34)', () => {
  it('names every part file in CATALOG_PARTS, and each part in both languages', () => {
    expect(Object.keys(parts).sort()).toEqual([...CATALOG_PARTS].sort());
    expect(Object.keys(partsOf('en')).sort()).toEqual([...CATALOG_PARTS].sort());
  });

  it('finds the module of every page', () => {
    const modules = pageModules();
    for (const page of PAGES) expect(modules.get(page.id), page.id).toMatch(/\.tsx?$/);
  });

  it('the app outside the pages and layouts uses the core only', () => {
    const outside = usedKeys(modulesOf(join(SRC, 'main.tsx'))).filter(({ parts }) => !parts.has('core'));
    expect(outside.map(({ use }) => use)).toEqual([]);
  });

  it.each(PAGES.map((page) => [page.id, page] as const))(
    '%s: its parts hold every key it uses',
    (_, page) => {
      const modules = modulesOf(pageModules().get(page.id) ?? '', modulesOf(layoutFile(page.layout)));
      const has = new Set(['core', ...(page.i18n ?? [])]);
      const missing = usedKeys(modules)
        .filter(({ parts }) => ![...parts].every((part) => has.has(part)))
        .map(({ use, parts }) => `${use} (${[...parts].join(', ')})`);
      expect(missing).toEqual([]);
    },
  );

  it.each(PAGES.map((page) => [page.id, page] as const))('%s: names no part it does not use', (_, page) => {
    const modules = modulesOf(pageModules().get(page.id) ?? '', modulesOf(layoutFile(page.layout)));
    const used = new Set(usedKeys(modules).flatMap(({ parts }) => [...parts]));
    expect((page.i18n ?? []).filter((part) => !used.has(part))).toEqual([]);
  });
});
