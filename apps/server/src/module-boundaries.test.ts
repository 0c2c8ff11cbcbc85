import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The boundaries between server modules (STYLE.md section 2, issue 12), read from the source:
 * another module is reached through its service, never its repository (small data modules
 * without a service, such as users and audit, keep theirs); no two modules import each other;
 * the database schema files import each other without a circle. Type-only imports count too.
 */
const SRC = path.dirname(fileURLToPath(import.meta.url));
const MODULES = path.join(SRC, 'modules');
const SCHEMA = path.join(SRC, 'db', 'schema');

const filesUnder = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? filesUnder(full) : full.endsWith('.ts') ? [full] : [];
  });

/** the relative module specifiers a file imports or re-exports (static and dynamic) */
export function importsOf(source: string): string[] {
  const found: string[] = [];
  const patterns = [
    /\b(?:import|export)\s[^'";]*?\sfrom\s*['"]([^'"]+)['"]/g,
    /\bimport\s*['"]([^'"]+)['"]/g,
    /\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)/g,
  ];
  for (const pattern of patterns) {
    for (const m of source.matchAll(pattern)) if (m[1]) found.push(m[1]);
  }
  return found.filter((spec) => spec.startsWith('.'));
}

const moduleOf = (file: string): string | null => {
  const rel = path.relative(MODULES, file);
  return rel.startsWith('..') ? null : (rel.split(path.sep)[0] ?? null);
};

interface Edge {
  from: string;
  to: string;
  fromModule: string;
  toModule: string;
}

function moduleEdges(): Edge[] {
  return filesUnder(MODULES)
    .filter((f) => !f.endsWith('.test.ts'))
    .flatMap((from) =>
      importsOf(readFileSync(from, 'utf8')).map((spec) => {
        const to = path.resolve(path.dirname(from), spec);
        return { from, to, fromModule: moduleOf(from) ?? '', toModule: moduleOf(to) ?? '' };
      }),
    )
    .filter((e) => e.toModule !== '' && e.toModule !== e.fromModule);
}

const hasService = (module: string) =>
  readdirSync(path.join(MODULES, module)).some((f) => f.endsWith('.service.ts'));

/** the circles in a graph of files, each as its files in import order */
export function cyclesOf(graph: Map<string, string[]>): string[][] {
  const cycles: string[][] = [];
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const visit = (node: string) => {
    state.set(node, 'open');
    stack.push(node);
    for (const next of graph.get(node) ?? []) {
      if (state.get(next) === 'open') cycles.push([...stack.slice(stack.indexOf(next)), next]);
      else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(node, 'done');
  };
  for (const node of graph.keys()) if (!state.has(node)) visit(node);
  return cycles;
}

const rel = (f: string) => path.relative(SRC, f);

/** the module that owns each table (`*`: the users data module, read by every module for names) */
const TABLE_OWNERS: Record<string, string> = {
  users: '*',
  sessions: 'auth',
  passwordResetTokens: 'auth',
  auditLog: 'audit',
  companies: 'companies',
  companyUsers: 'companies',
  companyPendingMembers: 'companies',
  companyMemberInvitations: 'companies',
  companyShortNames: 'companies',
  companyBookings: 'companies',
  seatPackages: 'companies',
  companyInvitations: 'companies',
  accessLinks: 'companies',
  enrolments: 'enrolments',
  seminars: 'seminars',
  chapters: 'chapters',
  chapterFiles: 'chapters',
  chapterLinks: 'chapters',
  chapterUsers: 'chapters',
  questions: 'questions',
  answers: 'questions',
  mcTests: 'mc-tests',
  mcTestQuestions: 'mc-tests',
  mcTestGrants: 'mc-tests',
  userGraduateMctests: 'graduate',
  userGraduateResults: 'graduate',
  RunSnapshot: 'graduate',
  StoredChoice: 'graduate',
  SavedAnswers: 'graduate',
  mcItemResponses: 'item-analysis',
  bookings: 'payments',
  payments: 'payments',
  testPayments: 'payments',
  refunds: 'payments',
  testRefunds: 'payments',
  videoProgress: 'progress',
  chapterCompletionRules: 'progress',
  seminarCompletionSettings: 'progress',
  seminarCompletions: 'progress',
  certificates: 'progress',
  seminarVisits: 'learn',
  dataExports: 'privacy',
  accountDeletions: 'privacy',
  notificationPreferences: 'notifications',
  notificationSends: 'notifications',
  sellerSettings: 'invoices',
  invoiceCounters: 'invoices',
  creditNoteCounters: 'invoices',
  invoices: 'invoices',
  invoiceLines: 'invoices',
  invoiceReminders: 'invoices',
  vouchers: 'vouchers',
  voucherSeminars: 'vouchers',
  voucherRedemptions: 'vouchers',
};

/**
 * The joins in which a module reads (never writes) another module's table, to show or check it
 * in the same statement (the play query is the hot path). None of them is a grant, purchase,
 * company-booking or access-link table. A new one fails the test below; so does a stale entry.
 */
const FOREIGN_READS: Record<string, string> = {
  'chapters -> seminars': "the learner's to-do list: open chapters with their seminar's title, in one query",
  'seminars -> chapters':
    "the play query (seminar, access and done marks in one statement) and the catalogue's chapter counts",
  'seminars -> chapterUsers': 'the done marks in the same play query',
  'seminars -> chapterFiles':
    "the catalogue's total video length, one more column of its list query (as the chapter counts)",
  'companies -> seminars': "an access link's seminar (title, description) on the link page and in the list",
  'companies -> chapters': "employees' test results (the tests on a seminar's chapters)",
  'companies -> mcTests': "employees' test results (label)",
  'companies -> userGraduateMctests': "employees' test results (best stopped run)",
  'enrolments -> seminarCompletions':
    'the reminders leave completed assignments out and the digest lists the finished (enrolments.reminders.ts)',
  'enrolments -> seminars': "a grant's seminar title in the person's data export (privacy)",
  'enrolments -> companies': "a seminar's assignments sorted by company name, a page at a time (issue 39)",
  'graduate -> mcTests': "a run's test (label, owner) in the history and result lists",
  'graduate -> chapters':
    "the stop's run look-up with its test's take facts (chapter locks), in one statement",
  'graduate -> seminars': 'the same look-up: the seminar of the test (owner, public, company)',
  'item-analysis -> questions':
    'whether a question as asked is still in the pool (one statement per analysis)',
  'mc-tests -> chapters': "a test's chapter (label, lock) in the test lists",
  'mc-tests -> seminars': "a test's seminar (title, slug) in the same lists",
  'mc-tests -> userGraduateMctests': 'run counts per test (test lists, the deletion check)',
  'mc-tests -> questions': "a test's questions in the test editor",
  'progress -> chapters':
    "progress read model: a seminar's playable chapters, counted per learner in one query per page",
  'progress -> chapterUsers': "the same read model: the learners' done marks",
  'progress -> chapterFiles': "the same read model: a chapter's videos for coverage and the 90 % rule",
  'progress -> mcTests': "the same read model: a seminar's enabled tests",
  'progress -> userGraduateMctests': "the same read model: the learners' passed runs",
  'progress -> seminars': "the same read model: the seminar's title and owner on certificates",
  'payments -> seminars': "a purchase's seminar (title, slug, price) in the payment lists",
  'vouchers -> seminars':
    "a voucher's chosen seminars and a redemption's seminar (titles) in the admin lists",
  'questions -> mcTests': "questions.read-model.ts, mc-tests' read of a test's questions with their answers",
  'questions -> mcTestQuestions': "the same read, and the pool's filter that leaves out a test's questions",
  'users -> companies': 'memberships with the user (the session look-up and the admin list)',
  'users -> companyUsers': 'the same memberships',
};

/** the tables each non-test file under a module imports from the database schema (by name) */
export function schemaImportsOf(source: string): string[] {
  const names: string[] = [];
  for (const m of source.matchAll(/\bimport\s+(?:type\s+)?\{([^}]*)\}\s*from\s*['"]([^'"]+)['"]/g)) {
    if (!/\/db\/schema(\/|$|\.)/.test(m[2] ?? '')) continue;
    for (const part of (m[1] ?? '').split(',')) {
      const name = part
        .replace(/^\s*type\s+/, '')
        .split(/\s+as\s+/)[0]
        ?.trim();
      if (name) names.push(name);
    }
  }
  return names;
}

/** a table's name in SQL (`userGraduateResults` -> `user_graduate_results`) */
const sqlNameOf = (table: string) => table.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/**
 * The tables a file names in raw SQL (`from`, `join`, `update`, `insert into`, `delete from`),
 * by their schema name; `write`: the ones it changes
 */
export function rawSqlTablesOf(source: string, tables: string[]): { table: string; write: boolean }[] {
  const out: { table: string; write: boolean }[] = [];
  for (const table of tables) {
    const name = sqlNameOf(table);
    const write = new RegExp(`\\b(update|insert\\s+into|delete\\s+from)\\s+"?${name}"?(?![\\w"])`, 'i').test(
      source,
    );
    if (write || new RegExp(`\\b(from|join)\\s+"?${name}"?(?![\\w"])`, 'i').test(source)) {
      out.push({ table, write });
    }
  }
  return out;
}

const TABLES = () => Object.keys(TABLE_OWNERS).filter((t) => /^[a-z]/.test(t));

/** the tables each non-test file under a module uses: imported from the schema or named in raw SQL */
const schemaUses = () =>
  filesUnder(MODULES)
    .filter((f) => !f.endsWith('.test.ts'))
    .flatMap((file) => {
      const source = readFileSync(file, 'utf8');
      const module = moduleOf(file)!;
      return [
        ...schemaImportsOf(source).map((table) => ({ file, module, table, write: false })),
        ...rawSqlTablesOf(source, TABLES()).map(({ table, write }) => ({ file, module, table, write })),
      ];
    });

/**
 * Who holds a seminar, and through what, is stored in these tables; each is queried only by the
 * module that owns it (issue 12): grants by enrolments, purchases and their payments by
 * payments, company bookings and access links by companies. Every other module asks the owner.
 */
const GRANT_TABLES: Record<string, string> = {
  enrolments: 'enrolments',
  bookings: 'payments',
  payments: 'payments',
  testPayments: 'payments',
  companyBookings: 'companies',
  accessLinks: 'companies',
};

describe('module boundaries', () => {
  it('reads imports of every kind', () => {
    expect(
      importsOf(
        "import { a } from './a.ts';\nimport type { B } from '../b/b.repository.ts';\nexport * from './c.ts';\nimport './d.ts';\nconst e = await import('./e.ts');\nimport { z } from 'zod';",
      ),
    ).toEqual(['./a.ts', '../b/b.repository.ts', './c.ts', './d.ts', './e.ts']);
    expect(
      cyclesOf(
        new Map([
          ['a', ['b']],
          ['b', ['c']],
          ['c', ['a']],
          ['d', ['a']],
        ]),
      ),
    ).toEqual([['a', 'b', 'c', 'a']]);
  });

  it('no module imports the repository of another module that has a service', () => {
    const offending = moduleEdges()
      .filter((e) => e.to.endsWith('.repository.ts') && hasService(e.toModule))
      .map((e) => `${rel(e.from)} -> ${rel(e.to)}`);
    expect(offending).toEqual([]);
  });

  it('reads the tables a file imports from the schema', () => {
    expect(
      schemaImportsOf(
        "import { a, type B, c as d } from '../../db/schema/index.ts';\nimport type { E } from '../../db/schema/x.ts';\nimport { f } from './f.ts';",
      ),
    ).toEqual(['a', 'B', 'c', 'E']);
  });

  it('the tables of grants, purchases, company bookings and access links are queried only by their owners', () => {
    const uses = schemaUses();
    // the rule sees the owners' own queries (so that a renamed import cannot hide a use)
    for (const [table, owner] of Object.entries(GRANT_TABLES)) {
      expect(
        uses.some((u) => u.table === table && u.module === owner),
        `${owner} uses ${table}`,
      ).toBe(true);
    }
    const offending = uses
      .filter((u) => GRANT_TABLES[u.table] !== undefined && GRANT_TABLES[u.table] !== u.module)
      .map((u) => `${rel(u.file)} queries ${u.table} (owned by ${GRANT_TABLES[u.table]})`);
    expect(offending).toEqual([]);
  });

  it('every other read of a foreign table is one of the listed joins, each with its reason', () => {
    const found = new Set(
      schemaUses()
        .filter((u) => {
          const owner = TABLE_OWNERS[u.table];
          expect(
            owner,
            `${rel(u.file)} imports ${u.table}, which has no owner in TABLE_OWNERS`,
          ).toBeDefined();
          return owner !== u.module && owner !== '*';
        })
        .map((u) => `${u.module} -> ${u.table}`),
    );
    const unlisted = [...found].filter((k) => !(k in FOREIGN_READS));
    expect(
      unlisted,
      "a new read of another module's table: ask its service, or list it here with the reason",
    ).toEqual([]);
    // a listed read that is gone leaves the list too (it stays an exact picture)
    expect(Object.keys(FOREIGN_READS).filter((k) => !found.has(k))).toEqual([]);
  });

  it('finds the tables named in raw SQL, and which of them a statement changes', () => {
    const source = `select 1 from user_graduate_results where items_pending;
      update "mc_item_responses" set x = 1; insert into chapter_users (a) values (1);
      select * from mc_tests_view; join questions q on true; -- delete from sessions`;
    expect(
      rawSqlTablesOf(source, [
        'userGraduateResults',
        'mcItemResponses',
        'chapterUsers',
        'mcTests',
        'questions',
        'sessions',
      ]),
    ).toEqual([
      { table: 'userGraduateResults', write: false },
      { table: 'mcItemResponses', write: true },
      { table: 'chapterUsers', write: true },
      { table: 'questions', write: false },
      { table: 'sessions', write: true },
    ]);
  });

  it("no module changes another module's table in raw SQL: it asks the owner", () => {
    const offending = schemaUses()
      .filter((u) => u.write && TABLE_OWNERS[u.table] !== u.module)
      .map((u) => `${rel(u.file)} changes ${u.table} (owned by ${TABLE_OWNERS[u.table]})`);
    expect(offending).toEqual([]);
  });

  it('the admin area queries no table itself: it asks the modules that own the data', () => {
    const offending = schemaUses()
      .filter((u) => u.module === 'admin')
      .map((u) => `${rel(u.file)} imports ${u.table}`);
    expect(offending).toEqual([]);
    expect(readdirSync(path.join(MODULES, 'admin')).filter((f) => f.endsWith('.repository.ts'))).toEqual([]);
  });

  it('no two modules import each other', () => {
    const edges = moduleEdges();
    const pairs = new Set(edges.map((e) => `${e.fromModule} -> ${e.toModule}`));
    const mutual = [...pairs]
      .filter((p) => {
        const [a, b] = p.split(' -> ');
        return a! < b! && pairs.has(`${b} -> ${a}`);
      })
      .map((p) => {
        const [a, b] = p.split(' -> ');
        const files = edges
          .filter((e) => (e.fromModule === a && e.toModule === b) || (e.fromModule === b && e.toModule === a))
          .map((e) => `${rel(e.from)} -> ${rel(e.to)}`);
        return `${a} <-> ${b}: ${files.join(', ')}`;
      });
    expect(mutual).toEqual([]);
  });

  it('only the job queue (lib/job-queue*) touches pg-boss: its tables and its API; the rest asks the queue', () => {
    const pgBoss = /\bpgboss\s*\.\s*"?\w|from\s*['"]pg-boss['"]/;
    expect(pgBoss.test('SELECT name FROM pgboss.schedule')).toBe(true);
    expect(pgBoss.test('UPDATE pgboss.job SET start_after = now()')).toBe(true);
    expect(pgBoss.test("import PgBoss from 'pg-boss';")).toBe(true);
    expect(pgBoss.test('// pg-boss debounces a stop')).toBe(false);
    // test support (src/test/, *.test.ts) may look into the tables to wait for or count jobs
    const offending = filesUnder(SRC)
      .filter((f) => !f.endsWith('.test.ts') && !rel(f).startsWith(`test${path.sep}`))
      .filter((f) => !/^lib[\\/]job-queue([.\\/]|$)/.test(rel(f)))
      .filter((f) => pgBoss.test(readFileSync(f, 'utf8')))
      .map(rel);
    expect(offending).toEqual([]);
  });

  it('the wiring (app-modules.ts) reaches a module through its service and routes, not its queries', () => {
    // the tus routes' plugin, the seminars' and invoices' look-up of a company (the companies
    // service is made after them), the payment provider chosen by configuration
    const allowed = new Set([
      'modules/chapters/chapter-uploads.ts',
      'modules/companies/companies.repository.ts',
      'modules/payments/payments.provider.ts',
    ]);
    const offending = importsOf(readFileSync(path.join(SRC, 'app-modules.ts'), 'utf8'))
      .map((spec) => path.relative(SRC, path.resolve(SRC, spec)).split(path.sep).join('/'))
      .filter((f) => f.startsWith('modules/') && !/\.(service|routes)\.ts$/.test(f) && !allowed.has(f));
    expect(offending).toEqual([]);
  });

  it('the database schema files import each other without a circle', () => {
    const graph = new Map(
      filesUnder(SCHEMA).map((file) => [
        file,
        importsOf(readFileSync(file, 'utf8'))
          .map((spec) => path.resolve(path.dirname(file), spec))
          .filter((to) => to.startsWith(SCHEMA)),
      ]),
    );
    expect(cyclesOf(graph).map((c) => c.map(rel).join(' -> '))).toEqual([]);
  });
});
