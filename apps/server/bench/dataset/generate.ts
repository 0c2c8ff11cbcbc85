/**
 * The size generator (issue 39 item 1): a realistic database at a given scale, on PostgreSQL or
 * PGlite, deterministic from a seed. At scale 1: 100,000 users, 500 companies (sizes skewed, the
 * largest with 5,000 employees), 5,000 seminars with 20 chapters and 5 sub-chapters each, 500
 * tests of 10 questions, 1,000,000 finished test runs (with result choices and item rows),
 * about 5,000,000 progress and video-position rows, 2,000,000 audit entries, 20,000 payments.
 *
 * Every row is made on the server by `INSERT … SELECT … FROM generate_series` (as fast as COPY):
 * randomness comes from `hashint8extended(k, seed)`, so the same scale and seed give the same
 * rows (except the password hash, made once with a random salt and shared by every user). The
 * project's migrations run first; the rows keep every constraint and the invariants the routes
 * rely on (grants for every learner and run, a result with choices in the snapshot's order and
 * the item rows for every run, completions only after every chapter). Foreign-key triggers are
 * off while loading (session_replication_role = replica); every foreign key is checked at the end.
 * A marker table (`bench_data_marker`) records a complete database: the next run with the same
 * scale and seed reuses it.
 */
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { type Database, openDatabase } from '../../src/db/client.ts';
import { rowsOf } from '../../src/db/query-helpers.ts';
import { hashPassword } from '../../src/lib/passwords.ts';

export const BENCH_PASSWORD = 'Bench-Passw0rd';
/** the generated data's "now": every date lies in the three years before it */
export const BENCH_EPOCH = '2026-06-01T00:00:00Z';
export const MARKER_TABLE = 'bench_data_marker';
/** raised when the generated rows change: a database of an older version is generated again */
export const GENERATOR_VERSION = 1;

export interface Sizes {
  users: number;
  admins: number;
  trainers: number;
  companies: number;
  largestCompany: number;
  seminars: number;
  tests: number;
  runs: number;
  audit: number;
  payments: number;
  bookings: number;
}

/** the row counts of a scale (at least a few of each, so that a tiny scale still has every kind) */
export function sizesOf(scale: number): Sizes {
  const n = (x: number, min: number) => Math.max(min, Math.round(x * scale));
  const users = n(100_000, 80);
  const companies = n(500, 2);
  const seminars = n(5000, 4);
  const payments = n(20_000, 4);
  return {
    users,
    admins: n(20, 1),
    trainers: n(1000, 2),
    companies,
    largestCompany: n(5000, 5),
    seminars,
    tests: Math.min(n(500, 1), Math.ceil(seminars / 4)),
    runs: n(1_000_000, 20),
    audit: n(2_000_000, 20),
    payments,
    bookings: Math.max(2, Math.round(payments * 0.9)),
  };
}

/** the users a bench logs in as (all with BENCH_PASSWORD) and the largest things they see */
export interface Handles {
  admin: string;
  /** the trainer who owns the most seminars and tests */
  trainer: string;
  /** the manager of the largest company */
  manager: string;
  /** the student with the most runs */
  student: string;
  largestCompanyId: number;
  /** the trainer's seminar with the most learners, and its test with the most runs */
  seminarId: number;
  testId: number;
}

export interface GenerateResult {
  reused: boolean;
  seconds: number;
  scale: number;
  seed: number;
  counts: Record<string, number>;
  handles: Handles;
}

export interface GenerateOptions {
  scale: number;
  seed?: number;
  /** PostgreSQL: this database (created when missing, emptied when incomplete) */
  databaseUrl?: string;
  /** PGlite: this DATA_DIR (used when no databaseUrl) */
  dataDir?: string;
  log?: (line: string) => void;
}

/** one session: temporary tables live as long as it */
interface Session {
  exec(text: string): Promise<void>;
  rows<T = Record<string, unknown>>(text: string): Promise<T[]>;
  close(): Promise<void>;
}

async function pgSession(url: string): Promise<Session> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  return {
    exec: async (text) => {
      await client.query(text);
    },
    rows: async <T>(text: string) => (await client.query(text)).rows as T[],
    close: () => client.end(),
  };
}

/** PGlite has one session: the project's own connection serves */
function dbSession(database: Database): Session {
  return {
    exec: async (text) => {
      await database.db.execute(sql.raw(text));
    },
    rows: async <T>(text: string) => rowsOf(await database.db.execute(sql.raw(text))) as T[],
    close: async () => undefined,
  };
}

/** the database name of a scale and seed on PostgreSQL */
export function benchDatabaseName(scale: number, seed: number) {
  return `elearn_bench_s${String(scale).replace('.', '_')}${seed === 1 ? '' : `_seed${seed}`}`;
}

/** the default URL: BENCH_DATABASE_URL's server (or the local one), database of this scale */
export function defaultBenchUrl(scale: number, seed: number) {
  const url = new URL(process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
  url.pathname = `/${benchDatabaseName(scale, seed)}`;
  return url.toString();
}

async function adminQuery(url: string, text: string) {
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const c = new pg.Client({ connectionString: admin.toString() });
  await c.connect();
  try {
    return (await c.query(text)).rows;
  } finally {
    await c.end();
  }
}

const dbNameOf = (url: string) => decodeURIComponent(new URL(url).pathname.slice(1));

/** the marker of a complete database of this scale and seed, if any */
async function readMarker(s: Session, scale: number, seed: number) {
  const exists = await s.rows<{ t: string | null }>(`select to_regclass('${MARKER_TABLE}')::text as t`);
  if (!exists[0]?.t) return undefined;
  // a marker of an older generator (another shape) is no marker
  const [m] = await s
    .rows<{ counts: Record<string, number>; handles: Handles; seconds: number }>(
      `select counts, handles, seconds from ${MARKER_TABLE} where scale = ${scale} and seed = ${seed} and version = ${GENERATOR_VERSION}`,
    )
    .catch(() => []);
  return m;
}

/**
 * Builds (or reuses) the database of this scale and seed; answers what it holds and whom to log
 * in as.
 */
export async function generateBenchData(opts: GenerateOptions): Promise<GenerateResult> {
  const scale = opts.scale;
  const seed = opts.seed ?? 1;
  if (!(scale > 0 && scale <= 10)) throw new Error(`--scale must be in (0, 10], got ${scale}`);
  if (!Number.isInteger(seed) || seed < 0 || seed > 1_000_000)
    throw new Error('--seed must be an integer 0..1000000');
  const log = opts.log ?? (() => undefined);
  const t0 = performance.now();
  const url = opts.databaseUrl;
  const dataDir = opts.dataDir;
  if (!url && !dataDir) throw new Error('a databaseUrl or a dataDir');

  // reuse a complete database; drop an incomplete one
  if (url) {
    const name = dbNameOf(url);
    const found = await adminQuery(
      url,
      `select 1 from pg_database where datname = '${name.replace(/'/g, "''")}'`,
    );
    if (found.length > 0) {
      const s = await pgSession(url);
      const m = await readMarker(s, scale, seed).finally(() => s.close());
      if (m) {
        // migrations added since it was generated
        const existing = await openDatabase({ databaseUrl: url, dataDir: 'memory://' });
        await existing.migrate().finally(() => existing.close());
        return { reused: true, seconds: m.seconds, scale, seed, counts: m.counts, handles: m.handles };
      }
      log(`database ${name} is incomplete or of another scale: dropping it`);
      await adminQuery(url, `drop database "${name}" with (force)`);
    }
    await adminQuery(url, `create database "${name}" template template0`);
  } else if (dataDir) {
    const probe = await openDatabase({ dataDir });
    const m = await readMarker(dbSession(probe), scale, seed)
      .then(async (found) => {
        if (found) await probe.migrate();
        return found;
      })
      .finally(() => probe.close());
    if (m) return { reused: true, seconds: m.seconds, scale, seed, counts: m.counts, handles: m.handles };
    await rm(path.join(dataDir, 'pglite'), { recursive: true, force: true });
  }

  const database = await openDatabase({ databaseUrl: url, dataDir: dataDir ?? 'memory://' });
  try {
    await database.migrate();
    const session = url ? await pgSession(url) : dbSession(database);
    try {
      const hash = await hashPassword(BENCH_PASSWORD);
      await load(session, sizesOf(scale), seed, hash, log);
    } finally {
      await session.close();
    }
    const s = url ? await pgSession(url) : dbSession(database);
    try {
      let t = performance.now();
      await checkForeignKeys(s);
      log(`foreign keys checked: ${((performance.now() - t) / 1000).toFixed(1)} s`);
      t = performance.now();
      await s.exec('vacuum analyze');
      log(`vacuum analyze: ${((performance.now() - t) / 1000).toFixed(1)} s`);
      const counts = await countRows(s);
      const handles = await findHandles(s);
      const seconds = Math.round((performance.now() - t0) / 100) / 10;
      await s.exec(`create table if not exists ${MARKER_TABLE} (scale float8 not null, seed int not null, version int not null,
        completed_at timestamptz not null default now(), seconds float8 not null, counts jsonb not null,
        handles jsonb not null, primary key (scale, seed))`);
      await s.exec(`insert into ${MARKER_TABLE} (scale, seed, version, seconds, counts, handles) values (${scale}, ${seed}, ${GENERATOR_VERSION},
        ${seconds}, '${JSON.stringify(counts)}', '${JSON.stringify(handles)}')`);
      return { reused: false, seconds, scale, seed, counts, handles };
    } finally {
      await s.close();
    }
  } finally {
    await database.close();
  }
}

/** the tables whose counts the marker records */
export const COUNTED = [
  'users',
  'companies',
  'company_users',
  'seminars',
  'chapters',
  'chapter_files',
  'chapter_links',
  'questions',
  'answers',
  'mc_tests',
  'mc_test_questions',
  'enrolments',
  'company_bookings',
  'bookings',
  'payments',
  'user_graduate_mctests',
  'user_graduate_results',
  'mc_item_responses',
  'mc_test_grants',
  'chapter_users',
  'video_progress',
  'seminar_completions',
  'certificates',
  'audit_log',
] as const;

async function countRows(s: Session) {
  const parts = COUNTED.map((t) => `select '${t}' as t, count(*)::int as n from ${t}`).join(' union all ');
  const rows = await s.rows<{ t: string; n: number }>(parts);
  return Object.fromEntries(rows.map((r) => [r.t, Number(r.n)]));
}

/** fails when a row points at nothing (the load ran without the foreign-key triggers) */
async function checkForeignKeys(s: Session) {
  const fks = await s.rows<{ child: string; cols: string[]; parent: string; pcols: string[] }>(`
    select c.conrelid::regclass::text as child, c.confrelid::regclass::text as parent,
      array(select quote_ident(a.attname) from unnest(c.conkey) with ordinality k(n, i)
        join pg_attribute a on a.attrelid = c.conrelid and a.attnum = k.n order by k.i) as cols,
      array(select quote_ident(a.attname) from unnest(c.confkey) with ordinality k(n, i)
        join pg_attribute a on a.attrelid = c.confrelid and a.attnum = k.n order by k.i) as pcols
    from pg_constraint c where c.contype = 'f' and c.connamespace = 'public'::regnamespace`);
  for (const fk of fks) {
    const on = fk.cols.map((c, i) => `p.${fk.pcols[i]} = x.${c}`).join(' and ');
    const notNull = fk.cols.map((c) => `x.${c} is not null`).join(' and ');
    const [bad] = await s.rows<{ n: number }>(
      `select count(*)::int as n from ${fk.child} x where ${notNull} and not exists (select 1 from ${fk.parent} p where ${on})`,
    );
    if (Number(bad?.n) > 0)
      throw new Error(`${bad?.n} rows of ${fk.child}(${fk.cols}) point at no ${fk.parent}`);
  }
}

async function findHandles(s: Session): Promise<Handles> {
  const one = async (text: string) => (await s.rows<{ v: string | number }>(text))[0]?.v;
  // the owner of the most runs (else of the most seminars)
  const trainerId = Number(
    await one(`select s.owner_id as v from seminars s left join mc_tests t on t.owner_id = s.owner_id
      left join user_graduate_mctests r on r.mc_test_id = t.id
      group by s.owner_id order by count(r.id) desc, count(distinct s.id) desc, s.owner_id limit 1`),
  );
  const seminarId = Number(
    await one(`select s.id as v from seminars s left join enrolments e on e.seminar_id = s.id
      where s.owner_id = ${trainerId} group by s.id order by count(e.id) desc, s.id limit 1`),
  );
  const testId = Number(
    await one(`select t.id as v from mc_tests t left join user_graduate_mctests r on r.mc_test_id = t.id
      where t.owner_id = ${trainerId} group by t.id order by count(r.id) desc, t.id limit 1`),
  );
  const largestCompanyId = Number(
    await one(
      `select company_id as v from company_users group by company_id order by count(*) desc, company_id limit 1`,
    ),
  );
  return {
    admin: String(await one(`select email as v from users where 'admin' = any(scopes) order by id limit 1`)),
    trainer: String(await one(`select email as v from users where id = ${trainerId}`)),
    manager: String(
      await one(`select u.email as v from company_users cu join users u on u.id = cu.user_id
        where cu.company_id = ${largestCompanyId} and cu.manager order by u.id limit 1`),
    ),
    student: String(
      await one(`select u.email as v from user_graduate_mctests r join users u on u.id = r.user_id
        group by u.id order by count(*) desc, u.id limit 1`),
    ),
    largestCompanyId,
    seminarId,
    testId: Number.isFinite(testId) ? testId : 0,
  };
}

const FIRST = [
  'Anna',
  'Beat',
  'Claudia',
  'Daniel',
  'Eva',
  'Fabian',
  'Gabriela',
  'Hans',
  'Irene',
  'Jonas',
  'Karin',
  'Luca',
  'Marta',
  'Nico',
  'Olivia',
  'Peter',
  'Rahel',
  'Stefan',
  'Tanja',
  'Urs',
];
const LAST = [
  'Müller',
  'Meier',
  'Schmid',
  'Keller',
  'Weber',
  'Huber',
  'Schneider',
  'Meyer',
  'Steiner',
  'Fischer',
  'Gerber',
  'Brunner',
  'Baumann',
  'Frei',
  'Zimmermann',
  'Moser',
  'Widmer',
  'Wyss',
  'Graf',
  'Roth',
];
const WORDS = [
  'Arbeitssicherheit',
  'Datenschutz',
  'Führung',
  'Kommunikation',
  'Projektmanagement',
  'Buchhaltung',
  'Verkauf',
  'Hygiene',
  'Brandschutz',
  'Erste Hilfe',
  'Excel',
  'Kundendienst',
  'Compliance',
  'Qualität',
  'Logistik',
  'Einkauf',
];

const arr = (xs: string[]) => `array[${xs.map((x) => `'${x}'`).join(',')}]`;

async function load(s: Session, z: Sizes, seed: number, hash: string, log: (line: string) => void) {
  /** a deterministic number in [0, 1) of key `k` (an SQL expression) and stream `salt` */
  const r = (k: string, salt: number) =>
    `((hashint8extended((${k})::int8, ${seed * 1000 + salt}) & 140737488355327)::float8 / 140737488355328.0)`;
  const epoch = `'${BENCH_EPOCH}'::timestamptz`;
  /** a moment in the three years before the epoch, at fraction f (0 = three years ago) */
  const at = (f: string) => `(${epoch} - interval '1095 days' + (${f}) * interval '1095 days')`;
  const step = async (name: string, ...texts: string[]) => {
    const t = performance.now();
    for (const text of texts) await s.exec(text);
    log(`${name}: ${((performance.now() - t) / 1000).toFixed(1)} s`);
  };

  await s.exec('set session_replication_role = replica');
  await s.exec('set synchronous_commit = off').catch(() => undefined);
  await s.exec('set jit = off').catch(() => undefined);
  await s.exec(`set maintenance_work_mem = '256MB'`).catch(() => undefined);

  const A = z.admins;
  const T = z.trainers;
  const C = z.companies;
  const firstStudent = A + T + C + 1;
  const students = z.users - A - T - C;
  const S = z.seminars;

  // users: admins, trainers, one manager per company, then students
  await step(
    'users',
    `insert into users (id, username, email, first_name, last_name, password_hash, scopes, locale,
      email_verified_at, disabled_at, created_at, updated_at)
    select g, 'u' || g, 'u' || g || '@bench.test',
      (${arr(FIRST)})[1 + floor(${r('g', 1)} * ${FIRST.length})::int],
      (${arr(LAST)})[1 + floor(${r('g', 2)} * ${LAST.length})::int],
      '${hash}',
      case when g <= ${A} then '{admin}'::text[] when g <= ${A + T} then '{trainer}'::text[]
        when g < ${firstStudent} then '{corporateTraining}'::text[] else '{}'::text[] end,
      case when ${r('g', 3)} < 0.7 then 'de' else 'en' end,
      ${at(`g::float8 / ${z.users} * 0.9`)},
      case when g >= ${firstStudent} and ${r('g', 4)} < 0.01 then ${epoch} - interval '10 days' end,
      ${at(`g::float8 / ${z.users} * 0.9`)}, ${at(`g::float8 / ${z.users} * 0.9`)}
    from generate_series(1, ${z.users}) g`,
  );

  // companies: sizes skewed (5,000 × scale / rank^0.8), members in consecutive blocks of students
  await step(
    'companies',
    `create temp table b_companies as
      select c as id, greatest(2, round(${z.largestCompany}::float8 / power(c, 0.8)))::int as size
      from generate_series(1, ${C}) c`,
    `create temp table b_company_blocks as
      select id, size, (${firstStudent} + coalesce(sum(size) over (order by id rows between unbounded preceding and 1 preceding), 0))::int as first
      from b_companies`,
    `delete from b_company_blocks where first + size - 1 > ${z.users}`,
    `insert into companies (id, name, short_name, created_at)
      select id, 'Firma ' || id || ' AG', 'firma' || id, ${at(`${r('id', 5)} * 0.3`)} from b_companies`,
    `insert into company_users (company_id, user_id, manager, created_at)
      select c, ${A + T} + c, true, ${at('0.3')} from generate_series(1, ${C}) c
      union all
      select b.id, b.first + k, false, ${at(`0.3 + ${r('b.first + k', 6)} * 0.5`)}
      from b_company_blocks b, generate_series(0, b.size - 1) k`,
  );

  // seminars: owners skewed (a few trainers own many), 40 % free, 85 % public
  await step(
    'seminars',
    `insert into seminars (id, slug, title, description, price, currency, is_public, is_company, company_id,
      owner_id, created_at, updated_at)
    select g, 's' || g,
      (${arr(WORDS)})[1 + floor(${r('g', 10)} * ${WORDS.length})::int] || ' ' || g,
      '<p>' || repeat('Lorem ipsum dolor sit amet, consectetur adipiscing elit. ', 1 + (g % 6)) || '</p>',
      case when g <= 2 or ${r('g', 11)} < 0.4 then 0 else (19 + floor(${r('g', 12)} * 480)::int) * 100 end,
      'CHF', g <= 2 or ${r('g', 13)} < 0.85, false, null,
      ${A} + 1 + floor(${T} * power(${r('g', 14)}, 3))::int,
      ${at(`${r('g', 15)} * 0.5`)}, ${at(`0.5 + ${r('g', 15)} * 0.1`)}
    from generate_series(1, ${S}) g`,
    // chapter k of seminar g has id (g - 1) * 25 + k + 1: 20 top-level, then 5 sub-chapters
    `insert into chapters (id, seminar_id, chapter_id, label, content, description, position, unlocked,
      created_at, updated_at)
    select (g - 1) * 25 + k + 1, g,
      case when k >= 20 then (g - 1) * 25 + (k - 20) * 4 + 1 end,
      case when k < 20 then 'Kapitel ' || (k + 1) else 'Unterkapitel ' || (k - 19) end,
      '<h2>Kapitel ' || (k + 1) || '</h2><p>' || repeat('Inhalt des Kapitels mit Text und Beispielen. ', 8) || '</p>',
      'Beschreibung ' || (k + 1), case when k < 20 then k else 0 end, 1,
      ${at('0.5')}, ${at('0.5')}
    from generate_series(1, ${S}) g, generate_series(0, 24) k`,
    // a document per top-level chapter (file id 2c - 1), a video in chapters 1, 5, 9, 13, 17 (2c)
    `insert into chapter_files (id, chapter_id, kind, label, original_name, storage_path, mime, size, sha256, created_at)
    select 2 * c.id - v, c.id, case v when 0 then 'video' else 'doc' end,
      case v when 0 then 'Video' else 'Unterlagen' end,
      case v when 0 then 'video.mp4' else 'unterlagen.pdf' end,
      case v when 0 then 'videos/bench-' else 'docs/bench-' end || c.id,
      case v when 0 then 'video/mp4' else 'application/pdf' end,
      case v when 0 then 50000000 else 200000 end, '', ${at('0.5')}
    from chapters c, generate_series(0, 1) v
    where c.chapter_id is null and (v = 1 or c.position % 4 = 0)`,
    `insert into chapter_links (chapter_id, label, url, created_at)
      select id, 'Weiterlesen', 'https://example.com/' || id, ${at('0.5')} from chapters
      where chapter_id is null and position % 2 = 1`,
    `insert into seminar_completion_settings (seminar_id, hours, require_confirmation)
      select g, 1 + (g % 8), ${r('g', 16)} < 0.2 from generate_series(1, ${S}) g where ${r('g', 17)} < 0.5`,
    `insert into chapter_completion_rules (chapter_id, video_done)
      select c.id, true from chapters c where c.chapter_id is null and c.position % 4 = 0
        and ${r('c.seminar_id', 18)} < 0.3`,
  );

  // tests: one on each of the most popular free seminars (rank t), on its chapter 10, 10 questions
  // of 4 answers (the first two right; every fifth question weighs 3 points)
  await step(
    'tests',
    `create temp table b_free as select row_number() over (order by id)::int as rn, id from seminars where price = 0`,
    `create temp table b_tests as
      select t as id, f.id as seminar_id, s.owner_id, (f.id - 1) * 25 + 10 as chapter_id,
        case when ${r('t', 20)} < 0.8 then 'exam' else 'practice' end as mode
      from generate_series(1, least(${z.tests}, (select count(*) from b_free))) t join b_free f on f.rn = t
      join seminars s on s.id = f.id`,
    `insert into mc_tests (id, owner_id, label, percent_to_accomplish, mode, enabled, chapter_id, created_at, updated_at)
      select id, owner_id, 'Test ' || id, 60, mode, 1, chapter_id, ${at('0.5')}, ${at('0.5')} from b_tests`,
    `insert into questions (id, owner_id, label, points, created_at, updated_at)
      select (t.id - 1) * 10 + q + 1, t.owner_id,
        '<p>Frage ' || (q + 1) || ' von Test ' || t.id || ': Welche Aussagen treffen zu?</p>',
        case when q % 5 = 0 then 3 end, ${at('0.5')}, ${at('0.5')}
      from b_tests t, generate_series(0, 9) q`,
    `insert into answers (id, question_id, label, correct, position)
      select (q.id - 1) * 4 + a + 1, q.id, 'Antwort ' || (a + 1), a < 2, a from questions q, generate_series(0, 3) a`,
    `insert into mc_test_questions (mc_test_id, question_id, position)
      select t.id, (t.id - 1) * 10 + q + 1, q from b_tests t, generate_series(0, 9) q`,
    `alter table b_tests add column snapshot jsonb`,
    `update b_tests t set snapshot = jsonb_build_object('mode', t.mode, 'percentToAccomplish', 60, 'label', 'Test ' || t.id,
      'questions', (select jsonb_agg(jsonb_build_object('id', q.id, 'label', q.label, 'points', q.points,
        'answers', (select jsonb_agg(jsonb_build_object('id', a.id, 'label', a.label, 'correct', a.correct) order by a.position)
          from answers a where a.question_id = q.id)) order by q.id)
        from questions q where q.id between (t.id - 1) * 10 + 1 and t.id * 10))`,
  );

  // grants: company bookings and assignments (3 per employee), free bookings (0-5 per student,
  // popular free seminars first), purchases (one per buyer) with their payments
  await step(
    'grants',
    `create temp table b_cb as
      select row_number() over (order by b.id, k)::int as id, b.id as company_id,
        1 + ((floor(${S} * power(${r('b.id', 30)}, 2))::int + k) % ${S}) as seminar_id, k,
        least(${S}, 2 + b.size / 100) as n
      from b_company_blocks b, generate_series(0, least(${S}, 2 + b.size / 100) - 1) k`,
    `insert into company_bookings (id, company_id, seminar_id, booked_by, status, price, currency, granted_at, created_at, updated_at)
      select id, company_id, seminar_id, ${A + T} + company_id, 'free', 0, 'CHF', ${at('0.3')}, ${at('0.3')}, ${at('0.3')}
      from b_cb`,
    `insert into enrolments (seminar_id, user_id, source, company_booking_id, company_id, granted_by, granted_at, created_at)
      select cb.seminar_id, b.first + e, 'company', cb.id, b.id, ${A + T} + b.id,
        ${at(`0.3 + ${r('b.first + e', 31)} * 0.6`)}, ${at(`0.3 + ${r('b.first + e', 31)} * 0.6`)}
      from b_company_blocks b cross join generate_series(0, b.size - 1) e cross join generate_series(0, 2) j
      join b_cb cb on cb.company_id = b.id and cb.k = (e + j * 7) % cb.n
      where j < least(3, cb.n)
      on conflict do nothing`,
    `insert into enrolments (seminar_id, user_id, source, granted_at, created_at)
      select f.id, u, 'free', ${at(`0.3 + ${r('u * 8 + j', 33)} * 0.6`)}, ${at(`0.3 + ${r('u * 8 + j', 33)} * 0.6`)}
      from generate_series(${firstStudent}, ${z.users}) u cross join generate_series(0, 4) j
      join b_free f on f.rn = 1 + floor((select count(*) from b_free) * power(${r('u * 8 + j', 32)}, 2.5))::int
      where j < floor(${r('u', 34)} * 6)
      on conflict do nothing`,
    `create temp table b_priced as select row_number() over (order by id)::int as rn, id, price from seminars where price > 0`,
    `insert into bookings (id, seminar_id, user_id, status, price, currency, granted_at, created_at, updated_at)
      select b, p.id, ${firstStudent} + ((b - 1) * 7) % ${students}, st.status, p.price, 'CHF',
        case when st.status = 'paid' then ${at(`0.3 + ${r('b', 36)} * 0.6`)} end,
        ${at(`0.3 + ${r('b', 36)} * 0.6`)}, ${at(`0.3 + ${r('b', 36)} * 0.6`)}
      from generate_series(1, ${z.bookings}) b
      join b_priced p on p.rn = 1 + floor((select count(*) from b_priced) * power(${r('b', 35)}, 2))::int
      cross join lateral (select case when ${r('b', 37)} < 0.85 then 'paid' when ${r('b', 37)} < 0.9 then 'failed'
        when ${r('b', 37)} < 0.95 then 'canceled' else 'expired' end as status) st`,
    // the last attempt of each booking has its status; the first bookings had a failed one before
    `insert into payments (id, booking_id, user_id, provider, provider_id, amount, currency, status, paid_at, created_at, updated_at)
      select p, b.id, b.user_id, 'mollie', 'tr_bench' || p, b.price, 'CHF',
        case when p <= ${z.bookings} then b.status else 'failed' end,
        case when p <= ${z.bookings} and b.status = 'paid' then b.granted_at end,
        b.created_at - case when p <= ${z.bookings} then interval '0' else interval '1 hour' end, b.created_at
      from generate_series(1, ${z.payments}) p
      join bookings b on b.id = case when p <= ${z.bookings} then p else p - ${z.bookings} end`,
    `insert into enrolments (seminar_id, user_id, source, booking_id, granted_at, created_at)
      select seminar_id, user_id, 'purchase', id, granted_at, granted_at from bookings where status = 'paid'`,
  );

  // progress: per learner and seminar, the first d of the 20 chapters done (d skewed low; 20 =
  // completed), video positions of the videos in the chapters done and the current one
  await step(
    'progress',
    `create temp table b_pairs as
      select user_id, seminar_id, min(granted_at) as granted_at,
        floor(21 * power(${r('user_id::int8 * 100003 + seminar_id', 40)}, 1.2))::int as d
      from enrolments group by user_id, seminar_id`,
    `insert into chapter_users (chapter_id, user_id, done_at)
      select (p.seminar_id - 1) * 25 + k + 1, p.user_id,
        p.granted_at + (k + 1) * (${epoch} - p.granted_at) / 22
      from b_pairs p, generate_series(0, 19) k where k < p.d`,
    `insert into video_progress (user_id, file_id, position_s, duration_s, intervals, watched_s, updated_at)
      select p.user_id, 2 * ((p.seminar_id - 1) * 25 + k + 1), w, 600,
        jsonb_build_array(jsonb_build_array(0, w)), w, p.granted_at + (k + 1) * (${epoch} - p.granted_at) / 22
      from b_pairs p, generate_series(0, 16, 4) k
      cross join lateral (select case when k < p.d then 600
        else round((${r('p.user_id::int8 * 100003 + p.seminar_id', 41)} * 590)::numeric, 1)::float8 + 5 end as w) x
      where k <= p.d`,
    `insert into seminar_completions (user_id, seminar_id, completed_at)
      select user_id, seminar_id, granted_at + 21 * (${epoch} - granted_at) / 22 from b_pairs where d = 20`,
    `insert into certificates (code, user_id, seminar_id, owner_id, learner_name, seminar_title, trainer_name, hours, completed_at, issued_at)
      select rtrim(translate(encode(substr(sha256(('${seed}:' || p.user_id || ':' || p.seminar_id)::bytea), 1, 18), 'base64'), '+/', '-_'), '='),
        p.user_id, p.seminar_id, s.owner_id, u.first_name || ' ' || u.last_name, s.title, o.first_name || ' ' || o.last_name,
        cs.hours, p.granted_at + 21 * (${epoch} - p.granted_at) / 22, p.granted_at + 21 * (${epoch} - p.granted_at) / 22
      from b_pairs p join seminars s on s.id = p.seminar_id join users u on u.id = p.user_id
      join users o on o.id = s.owner_id left join seminar_completion_settings cs on cs.seminar_id = p.seminar_id
      where p.d = 20`,
  );

  // runs: tests chosen skewed (popular seminars' tests more often), by a learner who holds the
  // seminar, after the grant; each question right with a probability from the run's ability and
  // the question's difficulty
  await step(
    'runs',
    `create temp table b_learners as
      select p.seminar_id, row_number() over (partition by p.seminar_id order by p.user_id)::int as rn, p.user_id, p.granted_at
      from b_pairs p where p.seminar_id in (select seminar_id from b_tests)`,
    `create index on b_learners (seminar_id, rn)`,
    `alter table b_tests add column learners int`,
    `update b_tests t set learners = (select count(*) from b_learners l where l.seminar_id = t.seminar_id)`,
    `create temp table b_runs as
      select g as id, t.id as test_id, t.mode, l.user_id,
        l.granted_at + (0.05 + 0.9 * ${r('g', 52)}) * (${epoch} - l.granted_at) as started_at,
        m.mask, m.right_count, m.achieved
      from generate_series(1, ${z.runs}) g
      join b_tests t on t.id = 1 + floor((select count(*) from b_tests) * power(${r('g', 50)}, 2))::int
      join b_learners l on l.seminar_id = t.seminar_id and l.rn = 1 + floor(t.learners * ${r('g', 51)})::int
      cross join lateral (
        select sum(case when x then 1 << q else 0 end)::int as mask, count(*) filter (where x)::int as right_count,
          sum(case when x then case when q % 5 = 0 then 3 else 1 end else 0 end)::int as achieved
        from (select q, ${r('g * 16 + q', 53)} < 0.15 + 0.8 * ${r('g', 54)} * (1 - q / 20.0) as x
          from generate_series(0, 9) q) qs) m
      where t.learners > 0`,
    `insert into user_graduate_mctests (id, mc_test_id, user_id, mode, started_at, stopped_at, achieved_percent, accomp,
        right_count, total_count, passed, confirmed_by, confirmed_at, snapshot)
      select r.id, r.test_id, r.user_id, r.mode, r.started_at, r.started_at + (5 + 25 * ${r('r.id', 55)}) * interval '1 minute',
        round(r.achieved * 10000 / 14.0) / 100, r.achieved * 100 >= 60 * 14, r.right_count, 10,
        case when r.achieved * 100 >= 60 * 14 and ${r('r.id', 56)} < 0.3 then 1 else 0 end,
        case when r.achieved * 100 >= 60 * 14 and ${r('r.id', 56)} < 0.3 then t.owner_id end,
        case when r.achieved * 100 >= 60 * 14 and ${r('r.id', 56)} < 0.3 then r.started_at + interval '2 days' end,
        t.snapshot
      from b_runs r join b_tests t on t.id = r.test_id`,
    // the choices, in the snapshot's order: right = both right answers, else one right and one
    // wrong, or the last (wrong) answer alone
    `insert into user_graduate_results (id, user_graduate_mctest_id, choices, items_pending, created_at)
      select r.id, r.id, (select jsonb_agg(jsonb_build_object('q', qid, 'r', (r.mask >> q) & 1 = 1,
          'a', case when (r.mask >> q) & 1 = 1 then jsonb_build_array((qid - 1) * 4 + 1, (qid - 1) * 4 + 2)
            when ${r('r.id * 16 + q', 57)} < 0.5 then jsonb_build_array((qid - 1) * 4 + 1, (qid - 1) * 4 + 3)
            else jsonb_build_array((qid - 1) * 4 + 4) end) order by q)
        from (select q, (r.test_id - 1) * 10 + q + 1 as qid from generate_series(0, 9) q) qq),
        true, r.started_at + (5 + 25 * ${r('r.id', 55)}) * interval '1 minute'
      from b_runs r`,
    // the item rows of every run, as the product derives them (item-analysis/item-rows.ts: the
    // generator's test compares them with the product's own derivation)
    `create temp table b_items as
      select t.id as test_id, (e.n - 1)::int as q, (e.v->>'id')::int as qid,
        md5(concat_ws(E'\\x1e', e.v->>'label', (
          select string_agg(concat_ws(E'\\x1f', a.v->>'id', a.v->>'correct', a.v->>'label'), E'\\x1e'
            order by (a.v->>'id')::int)
          from jsonb_array_elements(e.v->'answers') a(v))))::uuid as item_key,
        case when (e.v->>'points')::int > 0 then (e.v->>'points')::int else 1 end as w
      from b_tests t cross join jsonb_array_elements(t.snapshot->'questions') with ordinality e(v, n)`,
    `insert into mc_item_responses (run_id, n, mc_test_id, mode, started_at, question_id, item_key, weight, "right",
        chosen, score, rest)
      select r.id, i.q + 1, r.test_id, r.mode, r.started_at, i.qid, i.item_key, i.w, x.x,
        case when x.x then 3 when ${r('r.id * 16 + i.q', 57)} < 0.5 then 5 else 8 end,
        r.achieved::float8 / 14, (r.achieved - case when x.x then i.w else 0 end)::float8 / (14 - i.w)
      from b_runs r join b_items i on i.test_id = r.test_id
      cross join lateral (select (r.mask >> i.q) & 1 = 1 as x) x`,
    `update user_graduate_results set items_pending = false`,
    // exam runs beyond the first were granted by the owner
    `insert into mc_test_grants (mc_test_id, user_id, extra_runs, granted_by, updated_at)
      select r.test_id, r.user_id, count(*) - 1, min(t.owner_id), max(r.started_at)
      from b_runs r join b_tests t on t.id = r.test_id where r.mode = 'exam'
      group by r.test_id, r.user_id having count(*) > 1`,
  );

  // audit: admin changes and graduation confirmations, in time order
  await step(
    'audit',
    `insert into audit_log (id, actor_id, actor_username, action, target_type, target_id, target_label, before, after, created_at)
      select g, a, 'u' || a, x.action, x.target_type, 1 + floor(${r('g', 61)} * ${z.users})::int,
        'Ziel ' || g, jsonb_build_object('value', 0), jsonb_build_object('value', 1),
        ${at(`g::float8 / ${z.audit}`)}
      from generate_series(1, ${z.audit}) g
      cross join lateral (select 1 + floor(${r('g', 60)} * ${A})::int as a) ac
      cross join lateral (select (array['graduation.confirmed','graduation.confirmed','graduation.confirmed','user.scopes',
        'user.password_reset','user.verification_sent','company.member_added','company.member_removed','company.updated',
        'seminar.owner_changed'])[1 + floor(${r('g', 62)} * 10)::int] as action) ax
      cross join lateral (select ax.action, case when ax.action like 'graduation%' then 'graduation'
        when ax.action like 'company%' then 'company' when ax.action like 'seminar%' then 'seminar' else 'user' end as target_type) x
`,
  );

  // the serial sequences continue after the generated ids
  await step(
    'sequences',
    `select setval(pg_get_serial_sequence(quote_ident(c.relname), a.attname), greatest(1, coalesce(
        (xpath('/row/m/text()', query_to_xml(format('select max(%I) as m from %I', a.attname, c.relname), false, true, '')))[1]::text::int8, 1)))
      from pg_class c join pg_attribute a on a.attrelid = c.oid
      where c.relkind = 'r' and c.relnamespace = 'public'::regnamespace and a.attnum > 0 and not a.attisdropped
        and pg_get_serial_sequence(quote_ident(c.relname), a.attname) is not null`,
  );
  await s.exec('set session_replication_role = origin');
}
