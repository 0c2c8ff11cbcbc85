/**
 * The plan check (issue 39 item 3, first version): the queries the product sends for the routes
 * of the size bench (bench/dataset/routes.ts), on a generated database, each EXPLAINed; a
 * sequential scan of a table that grows with users or runs fails it, unless listed below with
 * its reason.
 *
 * `strict` (a small database): the plans are made with `enable_seqscan = off`, so that a
 * sequential scan that stays is one no index can replace (on a few rows the planner rightly
 * prefers a sequential scan; a scan it keeps even then has no index to use). Without it (a
 * generated database of scale 0.1 or more on PostgreSQL) the plans are the planner's own choice
 * on real statistics.
 *
 * The queries are recorded where the drivers send them (node-postgres' Client#query, PGlite's
 * query): observed, not changed.
 */
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { openDatabase } from '../../src/db/client.ts';
import { buildTestApp } from '../../src/test/build-test-app.ts';
import { BENCH_PASSWORD, type Handles } from '../dataset/generate.ts';
import { ROUTES, type Who } from '../dataset/routes.ts';

/** tables that grow with users, runs or time */
export const GROWING_TABLES = new Set([
  'users',
  'sessions',
  'company_users',
  'company_pending_members',
  'enrolments',
  'bookings',
  'payments',
  'access_links',
  'user_graduate_mctests',
  'user_graduate_results',
  'mc_item_responses',
  'mc_test_grants',
  'chapter_users',
  'video_progress',
  'seminar_completions',
  'certificates',
  'audit_log',
  'data_exports',
  'account_deletions',
]);

/**
 * Deliberate sequential scans: `table` scanned in a query that contains `match`, and why.
 */
export const EXCEPTIONS: { table: string; match: RegExp; reason: string }[] = [
  {
    table: 'users',
    match: /"users"\."username" ilike \$1 or "users"\."email" ilike/,
    reason:
      'the admin search finds a part of a name or address anywhere (ILIKE %q%): no B-tree serves it; ' +
      'a trigram index (pg_trgm) would, but PGlite and plain PostgreSQL installs lack the extension, ' +
      'and the scan of 100,000 users stays within the list goal (docs/performance.md)',
  },
];

export interface PlanFinding {
  table: string;
  query: string;
  routes: string[];
}

interface Recorded {
  text: string;
  values: unknown[];
  routes: Set<string>;
}

/** records the statements sent through both drivers while `fn` runs */
async function recording<T>(fn: (current: { route: string }) => Promise<T>) {
  const seen = new Map<string, Recorded>();
  const current = { route: '' };
  const record = (text: unknown, values: unknown) => {
    if (typeof text !== 'string' || !current.route) return;
    const r = seen.get(text) ?? { text, values: Array.isArray(values) ? values : [], routes: new Set() };
    r.routes.add(current.route);
    seen.set(text, r);
  };
  const pgQuery = pg.Client.prototype.query;
  const pgliteQuery = PGlite.prototype.query;
  // the drivers' overloaded signatures, passed through as they came
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const [config, values] = args as [{ text?: unknown; values?: unknown } | string, unknown];
    if (typeof config === 'string') record(config, values);
    else if (config && typeof config.text === 'string') record(config.text, config.values ?? values);
    return Reflect.apply(pgQuery, this, args);
  } as typeof pgQuery;
  PGlite.prototype.query = function (this: PGlite, ...args: unknown[]) {
    record(args[0], args[1]);
    return Reflect.apply(pgliteQuery, this, args);
  } as typeof pgliteQuery;
  try {
    const result = await fn(current);
    return { result, statements: [...seen.values()] };
  } finally {
    pg.Client.prototype.query = pgQuery;
    PGlite.prototype.query = pgliteQuery;
  }
}

/** the sequentially scanned relations of a JSON plan */
function seqScans(plan: unknown, out: string[] = []): string[] {
  if (Array.isArray(plan)) for (const p of plan) seqScans(p, out);
  else if (plan && typeof plan === 'object') {
    const node = plan as Record<string, unknown>;
    if (node['Node Type'] === 'Seq Scan' && typeof node['Relation Name'] === 'string') {
      out.push(node['Relation Name']);
    }
    for (const v of Object.values(node)) if (v && typeof v === 'object') seqScans(v, out);
  }
  return out;
}

const EXPLAINABLE = /^\s*(select|with|update|delete|insert)\b/i;

/**
 * Sends every route as its user on the app built on this database, EXPLAINs every statement it
 * sent and answers the sequential scans of growing tables that are not exceptions.
 */
export async function checkPlans(opts: {
  databaseUrl?: string;
  dataDir?: string;
  handles: Handles;
  strict: boolean;
}): Promise<{ statements: number; findings: PlanFinding[]; statuses: Record<string, number> }> {
  const statuses: Record<string, number> = {};
  // the drivers are watched before the app connects (PGlite's client binds its query at creation)
  const { statements } = await recording(async (current) => {
    const t = await buildTestApp({ databaseUrl: opts.databaseUrl, dataDir: opts.dataDir ?? 'memory://' });
    try {
      const agents: Partial<Record<Who, Awaited<ReturnType<typeof t.loginAs>>>> = {};
      for (const who of ['admin', 'trainer', 'manager', 'student'] as const) {
        agents[who] = await t.loginAs(opts.handles[who], BENCH_PASSWORD);
      }
      for (const route of ROUTES) {
        const path = route.path(opts.handles);
        current.route = route.name;
        const agent = route.who === 'anon' ? t.agent() : agents[route.who]!;
        const first = await agent.get(path);
        statuses[route.name] = first.statusCode;
        const last = String(first.headers['content-type']).includes('json')
          ? first.json()?.last_page
          : undefined;
        if (route.kind === 'page' && typeof last === 'number' && last > 1) {
          await agent.get(`${path}${path.includes('?') ? '&' : '?'}page=${last}`);
        }
        current.route = '';
      }
    } finally {
      current.route = '';
      await t.close();
    }
  });

  // EXPLAIN on a connection of its own
  const explain = await explainer(opts);
  const findings: PlanFinding[] = [];
  try {
    if (opts.strict) await explain('set enable_seqscan = off', []);
    for (const st of statements) {
      if (!EXPLAINABLE.test(st.text)) continue;
      const rows = await explain(`explain (format json) ${st.text}`, st.values);
      const plan = (rows[0] as Record<string, unknown>)?.['QUERY PLAN'];
      const parsed = typeof plan === 'string' ? JSON.parse(plan) : plan;
      for (const table of new Set(seqScans(parsed))) {
        if (!GROWING_TABLES.has(table)) continue;
        if (EXCEPTIONS.some((e) => e.table === table && e.match.test(st.text))) continue;
        // PLANS_DEBUG=1: the statement and its plan, to see where the scan is
        if (process.env.PLANS_DEBUG) console.log(st.text, JSON.stringify(parsed, null, 1));
        findings.push({ table, query: st.text.replace(/\s+/g, ' ').slice(0, 400), routes: [...st.routes] });
      }
    }
  } finally {
    await explain.close();
  }
  return { statements: statements.length, findings, statuses };
}

async function explainer(opts: { databaseUrl?: string; dataDir?: string }) {
  if (opts.databaseUrl) {
    const c = new pg.Client({ connectionString: opts.databaseUrl });
    await c.connect();
    const run = async (text: string, values: unknown[]) => (await c.query(text, values)).rows;
    return Object.assign(run, { close: () => c.end() });
  }
  // PGlite: the project's connection (one session), statements with their parameters
  const database = await openDatabase({ dataDir: opts.dataDir ?? 'memory://' });
  const client = (database.db as unknown as { $client: PGlite }).$client;
  const run = async (text: string, values: unknown[]) => (await client.query(text, values)).rows;
  return Object.assign(run, { close: () => database.close() });
}
