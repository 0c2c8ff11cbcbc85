import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

type Version = [number, number, number];

/** the parts of a version ("20", "20.19", "v12.22.7", "10.x", "0.8.*"); a wildcard is undefined */
function parts(text: string): (number | undefined)[] {
  const m = /^v?(\d+|[xX*])(?:\.(\d+|[xX*]))?(?:\.(\d+|[xX*]))?$/.exec(text);
  if (!m) throw new Error(`not a version: "${text}"`);
  return [m[1], m[2], m[3]].map((p) => (p === undefined || /^[xX*]$/.test(p) ? undefined : Number(p)));
}

const compare = (a: Version, b: Version) => a[0] - b[0] || a[1] - b[1] || a[2] - b[2];

/** whether `version` meets one comparator of an engines range (">=18", "^20.19.0", "~14.17", "20", "*") */
function meets(version: Version, comparator: string): boolean {
  if (comparator === '*' || comparator === 'x' || comparator === '') return true;
  const m = /^(>=|<=|>|<|\^|~|=)?(.+)$/.exec(comparator);
  if (!m) throw new Error(`not a comparator: "${comparator}"`);
  const op = m[1] ?? '=';
  const p = parts(m[2] ?? '');
  const given = p.indexOf(undefined);
  const known = given === -1 ? 3 : given;
  const low: Version = [p[0] ?? 0, p[1] ?? 0, p[2] ?? 0];
  /** the first version past a partial one: 20 → 21.0.0, 20.19 → 20.20.0 */
  const past = (depth: number): Version =>
    depth <= 1 ? [low[0] + 1, 0, 0] : depth === 2 ? [low[0], low[1] + 1, 0] : [low[0], low[1], low[2] + 1];
  const c = compare(version, low);
  switch (op) {
    case '>=':
      return c >= 0;
    case '>':
      return known === 3 ? c > 0 : compare(version, past(known)) >= 0;
    case '<':
      return c < 0;
    case '<=':
      return known === 3 ? c <= 0 : compare(version, past(known)) < 0;
    case '^':
      return (
        c >= 0 &&
        compare(version, past(low[0] > 0 || known === 1 ? 1 : low[1] > 0 || known === 2 ? 2 : 3)) < 0
      );
    case '~':
      return c >= 0 && compare(version, past(known === 1 ? 1 : 2)) < 0;
    default:
      return c >= 0 && compare(version, past(known)) < 0;
  }
}

/** whether `version` satisfies an npm engines range ("^20.19.0 || >=22.12.0", ">=6 <7 || >=8") */
function satisfies(version: Version, range: string): boolean {
  return range.split('||').some((alternative) =>
    alternative
      .trim()
      .replace(/(>=|<=|>|<|\^|~|=)\s+/g, '$1')
      .split(/\s+/)
      .every((comparator) => meets(version, comparator)),
  );
}

/**
 * `npm install` as a newcomer runs it (issue 32 item 9): npm warns EBADENGINE for every installed
 * package whose `engines.node` leaves out the Node version in use, so no package of the lock may
 * leave out the oldest Node the project says it runs on (cookie@2 and content-disposition@3 want
 * Node 22: overridden in package.json, docs/decisions/platform.md).
 */
describe('npm install, as a newcomer runs it', () => {
  it('reads engines ranges as npm does', () => {
    const v = (s: string) => parts(s).map((n) => n ?? 0) as Version;
    expect(satisfies(v('20.19.0'), '>=22')).toBe(false);
    expect(satisfies(v('20.19.0'), '>= 18')).toBe(true);
    expect(satisfies(v('20.19.0'), '^20.19.0 || >=22.12.0')).toBe(true);
    expect(satisfies(v('20.18.1'), '^20.19.0 || >=22.12.0')).toBe(false);
    expect(satisfies(v('20.19.0'), '18 || 20 || >=22')).toBe(true);
    expect(satisfies(v('21.0.0'), '18 || 20 || >=22')).toBe(false);
    expect(satisfies(v('20.19.0'), '>=6 <7 || >=8')).toBe(true);
    expect(satisfies(v('6.5.0'), '>=6 <7 || >=8')).toBe(true);
    expect(satisfies(v('7.1.0'), '>=6 <7 || >=8')).toBe(false);
    expect(satisfies(v('20.19.0'), '10.* || >= 12.*')).toBe(true);
    expect(satisfies(v('20.19.0'), '^14.21.3 || >=16')).toBe(true);
    expect(satisfies(v('15.0.0'), '^14.21.3 || >=16')).toBe(false);
    expect(satisfies(v('20.19.0'), '~20.18')).toBe(false);
    expect(satisfies(v('20.19.0'), '*')).toBe(true);
    expect(() => satisfies(v('20.19.0'), '>=twenty')).toThrow();
  });

  it('installs no package whose engines leave out the oldest Node the project names (no EBADENGINE)', () => {
    const manifest = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
      engines: { node: string };
    };
    const oldest = /^>=\s*(\d+(?:\.\d+){0,2})$/.exec(manifest.engines.node)?.[1];
    expect(oldest, 'the project names its oldest Node as ">=x.y"').toBeDefined();
    const version = parts(oldest ?? '').map((n) => n ?? 0) as Version;
    const lock = JSON.parse(readFileSync(path.join(ROOT, 'package-lock.json'), 'utf8')) as {
      packages: Record<string, { version?: string; engines?: { node?: string } | string[] }>;
    };
    const ranges = Object.entries(lock.packages).flatMap(([where, p]) => {
      const node = Array.isArray(p.engines) ? undefined : p.engines?.node;
      return node ? [{ where, version: p.version, node }] : [];
    });
    expect(ranges.length).toBeGreaterThan(100);
    expect(ranges.filter((p) => !satisfies(version, p.node))).toEqual([]);
  });
});
