import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ZodType } from 'zod';
import type { RouteEntry } from './app.ts';
import { type Agent, buildTestApp, multipart, type TestApp } from './test/build-test-app.ts';
import { seminarFixtures } from './test/fixtures.ts';

type Path = (string | number)[];
interface Def {
  type: string;
  shape?: Record<string, ZodType>;
  element?: ZodType;
  innerType?: ZodType;
  in?: ZodType;
  out?: ZodType;
  options?: ZodType[];
  left?: ZodType;
  right?: ZodType;
  valueType?: ZodType;
  getter?: () => ZodType;
}
const defOf = (s: unknown): Def | undefined => (s as { _zod?: { def: Def } })?._zod?.def;

/** The paths of every string (or string enum) a zod schema accepts. */
function stringPaths(schema: unknown, base: Path = [], depth = 0): Path[] {
  const def = defOf(schema);
  if (!def || depth > 12) return [];
  const inner = (s: ZodType | undefined, path = base) => stringPaths(s, path, depth + 1);
  switch (def.type) {
    case 'string':
    case 'enum':
    case 'template_literal':
      return [base];
    case 'object':
      return Object.entries(def.shape ?? {}).flatMap(([k, v]) => inner(v, [...base, k]));
    case 'array':
      return inner(def.element, [...base, 0]);
    case 'record':
      return inner(def.valueType, [...base, 'key']);
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
    case 'nonoptional':
      return inner(def.innerType);
    case 'pipe':
      return defOf(def.in)?.type === 'transform' ? inner(def.out) : inner(def.in);
    case 'lazy':
      return inner(def.getter?.());
    case 'union': {
      const seen = new Map<string, Path>();
      for (const o of def.options ?? []) for (const p of inner(o)) seen.set(p.join('.'), p);
      return [...seen.values()];
    }
    case 'intersection':
      return [...inner(def.left), ...inner(def.right)];
    default:
      return [];
  }
}

const BAD = 'a\u0000b';
/** a JSON value holding BAD at `path` */
function valueAt(path: Path): unknown {
  if (path.length === 0) return BAD;
  const [head, ...rest] = path;
  if (typeof head === 'number') return [valueAt(rest)];
  return { [head as string]: valueAt(rest) };
}

interface Probe {
  name: string;
  field: string;
  request: { method: string; url: string; payload?: string | Buffer; headers?: Record<string, string> };
}

/** one request per string field of a route: params, query, JSON/form body, multipart fields */
function probesOf(route: RouteEntry): Probe[] {
  const schema = (route.schema ?? {}) as {
    params?: unknown;
    querystring?: unknown;
    body?: unknown;
    consumes?: string[];
  };
  const fillUrl = (target?: string) =>
    route.url.replace(/:(\w+)/g, (_m, name: string) => (name === target ? encodeURIComponent(BAD) : '1'));
  const probes: Probe[] = [];
  for (const [p] of stringPaths(schema.params)) {
    probes.push({
      name: `${route.method} ${route.url} param ${p}`,
      field: String(p),
      request: { method: route.method, url: fillUrl(String(p)) },
    });
  }
  for (const [p] of stringPaths(schema.querystring)) {
    probes.push({
      name: `${route.method} ${route.url} query ${p}`,
      field: String(p),
      request: { method: route.method, url: `${fillUrl()}?${String(p)}=${encodeURIComponent(BAD)}` },
    });
  }
  const form = schema.consumes?.includes('application/x-www-form-urlencoded');
  for (const p of stringPaths(schema.body)) {
    probes.push({
      name: `${route.method} ${route.url} body ${p.join('.')}`,
      field: p.join('.'),
      request: form
        ? {
            method: route.method,
            url: fillUrl(),
            payload: `${String(p[0])}=${encodeURIComponent(BAD)}`,
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
          }
        : {
            method: route.method,
            url: fillUrl(),
            payload: JSON.stringify(valueAt(p)),
            headers: { 'content-type': 'application/json' },
          },
    });
  }
  for (const [p] of stringPaths(route.multipartFields)) {
    const f = multipart({ [String(p)]: BAD });
    probes.push({
      name: `${route.method} ${route.url} multipart ${p}`,
      field: String(p),
      request: { method: route.method, url: fillUrl(), payload: f.payload, headers: f.headers },
    });
  }
  return probes;
}

/**
 * Issue 11 item 4: PostgreSQL text cannot hold U+0000. Every string field of every route (path
 * parameters, query, JSON or form body, multipart text fields), taken from the route table, gets
 * a NUL character and must be answered with 422 naming that field, never a 500.
 */
describe('NUL in any string input', () => {
  let t: TestApp;
  let admin: Agent;
  let guest: Agent;
  beforeAll(async () => {
    t = await buildTestApp();
    const a = await t.make.user({ scopes: ['admin', 'trainer', 'corporateTraining'] });
    admin = await t.loginAs(a.email);
    guest = t.agent();
    // id 1 exists, so routes that look their record up before reading the body reach the check
    const seminar = await seminarFixtures(t.app).seminar(a.id);
    expect(seminar.id).toBe(1);
  });
  afterAll(() => t.close());

  it('finds string fields in the route table', () => {
    const probes = t.app.routeList.flatMap(probesOf);
    const names = probes.map((p) => p.name);
    // a sample of the fields the review found answering 500
    for (const expected of [
      'POST /api/seminars multipart title',
      'POST /api/seminars multipart description',
      'POST /api/chapters body label',
      'POST /api/chapters body content',
      'POST /api/chapters/storeLinks body links.0.label',
      'POST /api/register body first_name',
      'POST /api/user/update multipart first_name',
      'GET /api/seminars query q',
      'GET /api/seminars/slug/:slug param slug',
    ])
      expect(names).toContain(expected);
    expect(probes.length).toBeGreaterThan(60);
  });

  it('answers 422 naming the field for every string field of every route', async () => {
    const failures: string[] = [];
    for (const probe of t.app.routeList.flatMap(probesOf)) {
      let res = await admin.request(probe.request as never);
      // routes for guests only (or refusing this admin) are tried without a login
      if (res.statusCode !== 422) res = await guest.request(probe.request as never);
      const errors = res.statusCode === 422 ? (res.json().errors ?? {}) : {};
      if (res.statusCode !== 422 || !errors[probe.field]) {
        failures.push(`${probe.name}: ${res.statusCode} ${res.body.slice(0, 160)}`);
      }
    }
    expect(failures).toEqual([]);
  });
});
