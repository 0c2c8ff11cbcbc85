/**
 * Issue 38's goals for commerce, on the compiled server with the real Mollie client against the
 * tests' Mollie-compatible server (src/test/mollie-server.ts):
 * - `BENCH_ONLY=checkouts`: 200 learners each start a checkout of a priced seminar through the
 *   API (`POST /api/booking/now`), the payments are set paid at "Mollie", then the 200 webhooks
 *   arrive at once, each learner's on a connection of its own. Goal: p99 of the webhook ≤ 200 ms on
 *   PostgreSQL, every booking granted (by the sync jobs the deliveries queue; the time until the
 *   last one is reported), and the year's invoice numbers 1…200 without gap, each once.
 *   Refused deliveries (503: no database connection within DB_POOL_WAIT_MS) are delivered again, as
 *   Mollie retries them. Then 100 more payments' webhooks one after another (the cost of one).
 * - `BENCH_ONLY=invoice-pdf`: `GET /api/invoices/{id}/pdf` of a buyer's invoice, 10 connections for
 *   BENCH_SECONDS (autocannon) and 200 requests one after another. Goal: the render (one at a time)
 *   p99 ≤ 150 ms on PostgreSQL; the 10 connections show the throughput.
 * PostgreSQL with BENCH_DATABASE_URL (a scratch database), else PGlite for a quick look.
 *   BENCH_DATABASE_URL=postgres://… BENCH_ONLY=checkouts node --import tsx apps/server/bench/run.ts
 */

import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { createScratchPostgres, openDatabase } from '../src/db/client.ts';
import { rowsOf } from '../src/db/query-helpers.ts';
import { sellerSettings, seminars, users } from '../src/db/schema/index.ts';
import { hashPassword } from '../src/lib/passwords.ts';
import { startMollieServer } from '../src/test/mollie-server.ts';
import { startServerProcess } from '../src/test/server-process.ts';
import { ENTRY, login, quantile, serverKind } from './support.ts';

const PASSWORD = 'Bench-Passw0rd';
const MOLLIE_KEY = 'test_dHar4XY7LxsDOtmnkVtjNVWXLSlXsM';
export const WEBHOOK_GOAL_P99_MS = 200;
export const PDF_GOAL_P99_MS = 150;
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);

type Session = Awaited<ReturnType<typeof login>>;
type Label = 'PGlite' | 'PostgreSQL';

/** the learners, a trainer's priced seminar and the seller (VAT 8.1 % included) */
async function generate(databaseUrl: string | undefined, dataDir: string, learners: number) {
  const database = await openDatabase({ databaseUrl, dataDir });
  try {
    await database.migrate();
    const hash = await hashPassword(PASSWORD);
    const [trainer] = await database.db
      .insert(users)
      .values({
        ...{ username: 'benchcommercetrainer', email: 'bench-commerce-trainer@example.test' },
        ...{ firstName: 'Bench', lastName: 'Trainer', passwordHash: hash, scopes: ['trainer'] },
      })
      .returning();
    await database.db.insert(users).values(
      Array.from({ length: learners }, (_, i) => ({
        username: `buyer${i}`,
        email: `buyer${i}@commerce.bench.test`,
        firstName: 'Käuferin',
        lastName: `Nummer ${i}`,
        passwordHash: hash,
        emailVerifiedAt: new Date(),
        locale: i % 3 === 0 ? 'en' : 'de',
      })),
    );
    const [seminar] = await database.db
      .insert(seminars)
      .values({
        ...{ slug: 'bench-commerce', title: 'Arbeitssicherheit für Führungskräfte', currency: 'CHF' },
        ...{ description: '<p>Bench</p>', price: 49_000, isPublic: true, ownerId: trainer!.id },
      })
      .returning();
    await database.db.insert(sellerSettings).values({
      legalName: 'Bench Seminare AG',
      address: 'Bahnhofstrasse 1\n8001 Zürich\nSchweiz',
      vatNumber: 'CHE-123.456.788 MWST',
      vatRateBp: 810,
      pricesIncludeVat: true,
      iban: 'CH9300762011623852957',
      footerDe: 'Bench Seminare AG · Zürich',
      footerEn: 'Bench Seminare AG · Zurich',
      paymentTermsDe: 'Zahlbar innert 30 Tagen.',
      paymentTermsEn: 'Payable within 30 days.',
    });
    await database.db.execute(sql.raw('analyze'));
    return { seminarId: seminar!.id };
  } finally {
    await database.close();
  }
}

/** one request on its own connection-keeping agent, timed from send to the end of the answer */
function requester(base: string) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: Number.POSITIVE_INFINITY });
  const send = (method: string, p: string, headers: Record<string, string>, body?: string) =>
    new Promise<{ status: number; ms: number; body: string }>((resolve, reject) => {
      const url = new URL(p, base);
      const begin = performance.now();
      const req = http.request(
        { host: url.hostname, port: url.port, path: url.pathname, method, agent, headers },
        (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (c: string) => {
            text += c;
          });
          res.on('end', () =>
            resolve({ status: res.statusCode ?? 0, ms: performance.now() - begin, body: text }),
          );
        },
      );
      req.on('error', reject);
      req.end(body);
    });
  return { send, close: () => agent.destroy() };
}

/** `n` at a time */
async function inBatches<T, R>(
  items: T[],
  n: number,
  each: (item: T, i: number) => Promise<R>,
): Promise<R[]> {
  const out: R[] = [];
  for (let i = 0; i < items.length; i += n) {
    out.push(...(await Promise.all(items.slice(i, i + n).map((item, k) => each(item, i + k)))));
  }
  return out;
}

/** the webhooks of `ids` (Mollie's form post, no session), at once or spread evenly over `spreadMs` */
async function deliver(base: string, ids: string[], spreadMs: number) {
  const client = requester(base);
  try {
    const t0 = performance.now();
    const answers = await Promise.all(
      ids.map(async (id, i) => {
        if (spreadMs) await new Promise((r) => setTimeout(r, (i * spreadMs) / ids.length));
        return client.send(
          'POST',
          '/payment/mollie/webhook',
          { 'content-type': 'application/x-www-form-urlencoded' },
          `id=${id}`,
        );
      }),
    );
    return { answers, wallMs: performance.now() - t0 };
  } finally {
    client.close();
  }
}

/** the webhooks of `ids` one after another */
async function deliverOneByOne(base: string, ids: string[]) {
  const client = requester(base);
  try {
    const answers: { status: number; ms: number; body: string }[] = [];
    for (const id of ids) {
      answers.push(
        await client.send(
          'POST',
          '/payment/mollie/webhook',
          { 'content-type': 'application/x-www-form-urlencoded' },
          `id=${id}`,
        ),
      );
    }
    return { answers };
  } finally {
    client.close();
  }
}

/**
 * Waits until every session's buyer has `each` invoices (the webhook queues the sync; the grant and
 * the invoice follow in the job): answers the milliseconds since `since`, or throws after 120 s.
 */
async function settledAfter(base: string, sessions: Session[], since: number, each = 1): Promise<number> {
  const end = Date.now() + 120_000;
  for (;;) {
    const counts = await inBatches(sessions, 20, async (s) => {
      const res = await fetch(`${base}/api/me/invoices`, {
        headers: { cookie: s.cookie, accept: 'application/json' },
      });
      return ((await res.json()) as { data: unknown[] }).data.length;
    });
    if (counts.every((n) => n >= each)) return Math.round(performance.now() - since);
    if (Date.now() > end)
      throw new Error(`${counts.filter((n) => n < each).length} buyers without an invoice after 120 s`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

interface CommerceRun {
  label: Label;
  checkoutP99: number;
  burst: { p50: number; p99: number; max: number; refused: number; wallMs: number; settledMs: number };
  oneByOne: { p50: number; p99: number; refused: number } | null;
  numbering: { invoices: number; unique: number; gapFree: boolean; years: number[] };
  pdf: {
    connections: { p99: number; rps: number; errors: number };
    sequential: { p50: number; p99: number };
  } | null;
}

/** the checkouts of every learner, their payments paid at Mollie; answers the Mollie ids */
async function checkoutAll(base: string, sessions: Session[], seminarId: number) {
  const client = requester(base);
  try {
    const answers = await inBatches(sessions, 20, (s) =>
      client.send(
        'POST',
        '/api/booking/now',
        {
          cookie: s.cookie,
          'x-xsrf-token': s.xsrf,
          'content-type': 'application/json',
          accept: 'application/json',
        },
        JSON.stringify({ seminarId }),
      ),
    );
    const bad = answers.find((a) => a.status !== 201 && a.status !== 200);
    if (bad) throw new Error(`checkout answered ${bad.status}: ${bad.body}`);
    return quantile(
      answers.map((a) => a.ms),
      0.99,
    );
  } finally {
    client.close();
  }
}

/** the year's invoices: unique numbers, sequences 1…n */
async function numbering(databaseUrl: string | undefined, dataDir: string) {
  const database = await openDatabase({ databaseUrl, dataDir });
  try {
    const rows = rowsOf(
      await database.db.execute(
        sql.raw(`select year, seq, number from invoices where kind = 'invoice' order by year, seq`),
      ),
    ) as { year: number; seq: number; number: string }[];
    const seqs = rows.map((r) => Number(r.seq));
    return {
      invoices: rows.length,
      unique: new Set(rows.map((r) => r.number)).size,
      gapFree: seqs.every((s, i) => s === i + 1),
      years: [...new Set(rows.map((r) => Number(r.year)))],
    };
  } finally {
    await database.close();
  }
}

/** the invoice PDF of the first buyer: 10 connections, then one request after another */
async function measurePdf(base: string, s: Session) {
  const res = await fetch(`${base}/api/me/invoices`, {
    headers: { cookie: s.cookie, accept: 'application/json' },
  });
  const id = ((await res.json()) as { data: { id: number }[] }).data[0]?.id;
  if (!id) throw new Error('the buyer has no invoice');
  const url = `${base}/api/invoices/${id}/pdf`;
  const headers = { cookie: s.cookie };
  await autocannon({ url, connections: 10, duration: 2, headers });
  const r = await autocannon({ url, connections: 10, duration: DURATION, headers });
  const client = requester(base);
  try {
    const times: number[] = [];
    for (let i = 0; i < 200; i++) {
      const a = await client.send('GET', `/api/invoices/${id}/pdf`, headers);
      if (a.status !== 200 || !a.body.startsWith('%PDF')) throw new Error(`invoice PDF answered ${a.status}`);
      times.push(a.ms);
    }
    return {
      connections: { p99: r.latency.p99, rps: r.requests.average, errors: r.errors + r.non2xx },
      sequential: { p50: quantile(times, 0.5), p99: quantile(times, 0.99) },
    };
  } finally {
    client.close();
  }
}

/**
 * One run: generate, start Mollie and the server, check out, pay, deliver the webhooks (`burst`
 * learners at once, then more one by one), optionally the PDF; then the numbering read from the database.
 */
async function runOnce(
  label: Label,
  databaseUrl: string | undefined,
  opts: { learners: number; pdf: boolean },
) {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'elearn-bench-'));
  const mollie = await startMollieServer();
  try {
    const half = Math.ceil(opts.learners / 2);
    const { seminarId } = await generate(databaseUrl, dataDir, opts.learners + half);
    const server = await startServerProcess(
      {
        DATA_DIR: dataDir,
        DEMO_DATA: '0',
        RATE_LIMIT_FACTOR: '100000',
        LOG_LEVEL: 'warn',
        NODE_ENV: 'production',
        SESSION_SECRET: 'bench-secret-bench-secret-bench-secret-00',
        APP_URL: 'http://localhost:3000',
        MOLLIE_API_KEY: MOLLIE_KEY,
        MOLLIE_API_ENDPOINT: mollie.apiEndpoint,
        NODE_TLS_REJECT_UNAUTHORIZED: '0',
        ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      },
      ENTRY,
    );
    let run: Omit<CommerceRun, 'numbering'>;
    try {
      const emails = Array.from({ length: opts.learners + half }, (_, i) => `buyer${i}@commerce.bench.test`);
      const sessions = await inBatches(emails, 4, (e) => login(server.base, e, PASSWORD));
      const paidIds = async (from: number, to: number) => {
        const before = new Set(mollie.payments.keys());
        const checkoutP99 = await checkoutAll(server.base, sessions.slice(from, to), seminarId);
        const ids = [...mollie.payments.keys()].filter((id) => !before.has(id));
        for (const id of ids) mollie.setStatus(id, 'paid');
        return { ids, checkoutP99 };
      };
      // the burst: every learner's webhook at once
      const first = await paidIds(0, opts.learners);
      const burstAt = performance.now();
      const burst = await deliver(server.base, first.ids, 0);
      const ms = burst.answers.map((a) => a.ms);
      const refused = burst.answers.filter((a) => a.status !== 200).length;
      // the refused ones again, as Mollie retries them, until every payment is settled
      let again = first.ids.filter((_, i) => burst.answers[i]!.status !== 200);
      for (let round = 0; round < 10 && again.length; round++) {
        const retried = await deliver(server.base, again, 1000);
        again = again.filter((_, i) => retried.answers[i]!.status !== 200);
      }
      // the grants and invoices follow in the queued sync jobs
      const settledMs = await settledAfter(server.base, sessions.slice(0, opts.learners), burstAt);
      // more payments, their webhooks one after another: the cost of one delivery
      const second = opts.pdf ? null : await paidIds(opts.learners, opts.learners + half);
      const spread = second ? await deliverOneByOne(server.base, second.ids) : null;
      run = {
        label,
        checkoutP99: first.checkoutP99,
        burst: {
          p50: quantile(ms, 0.5),
          p99: quantile(ms, 0.99),
          max: Math.round(Math.max(...ms)),
          refused,
          wallMs: Math.round(burst.wallMs),
          settledMs,
        },
        oneByOne: spread && {
          p50: quantile(
            spread.answers.map((a) => a.ms),
            0.5,
          ),
          p99: quantile(
            spread.answers.map((a) => a.ms),
            0.99,
          ),
          refused: spread.answers.filter((a) => a.status !== 200).length,
        },
        pdf: opts.pdf ? await measurePdf(server.base, sessions[0]!) : null,
      };
      if (second) await settledAfter(server.base, sessions.slice(opts.learners), performance.now());
    } finally {
      server.child.kill('SIGTERM');
      await server.exited;
    }
    return { ...run, numbering: await numbering(databaseUrl, dataDir) };
  } finally {
    await mollie.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

function printCheckouts(r: CommerceRun, learners: number, expected: number): boolean {
  const n = r.numbering;
  const numbersOk = n.invoices === expected && n.unique === expected && n.gapFree && n.years.length === 1;
  const met = r.burst.p99 <= WEBHOOK_GOAL_P99_MS && r.burst.refused === 0 && numbersOk;
  console.log(`\n## ${r.label}: ${learners} paid checkouts at once (issue 38); ${serverKind()}`);
  console.log(`checkout (POST /api/booking/now, 20 at a time): p99 ${r.checkoutP99} ms`);
  console.log(
    `webhooks, all at once: p50 ${r.burst.p50} ms, p99 ${r.burst.p99} ms, max ${r.burst.max} ms, ` +
      `${r.burst.refused} refused (delivered again), all answered after ${r.burst.wallMs} ms; ` +
      `every booking granted and invoiced ${r.burst.settledMs} ms after the burst began (the sync jobs)`,
  );
  if (r.oneByOne) {
    console.log(
      `${expected - learners} more webhooks one after another: p50 ${r.oneByOne.p50} ms, p99 ${r.oneByOne.p99} ms, ${r.oneByOne.refused} refused`,
    );
  }
  console.log(
    `invoices: ${n.invoices} (expected ${expected}), ${n.unique} distinct numbers, years ${n.years.join(', ')}, ` +
      `sequence 1…${n.invoices} without gap: ${n.gapFree ? 'yes' : 'NO'}`,
  );
  console.log(
    `goal webhook p99 ≤ ${WEBHOOK_GOAL_P99_MS} ms with numbers gap-free and unique: ${met ? 'met' : 'NOT met'} (${r.burst.p99} ms)`,
  );
  return met;
}

function printPdf(r: CommerceRun): boolean {
  const p = r.pdf!;
  // the goal is the render: one request at a time; 10 at once on two cores queue behind each other
  // (their p99 is reported as the throughput figure it is)
  const met = p.sequential.p99 <= PDF_GOAL_P99_MS && p.connections.errors === 0;
  console.log(`\n## ${r.label}: invoice PDF (GET /api/invoices/{id}/pdf); ${serverKind()}`);
  console.log(
    `10 connections, ${DURATION} s: ${Math.round(p.connections.rps)} req/s, p99 ${p.connections.p99} ms, ${p.connections.errors} errors`,
  );
  console.log(`one after another (200): p50 ${p.sequential.p50} ms, p99 ${p.sequential.p99} ms`);
  console.log(
    `goal invoice PDF renders in p99 ≤ ${PDF_GOAL_P99_MS} ms: ${met ? 'met' : 'NOT met'} (${p.sequential.p99} ms one at a time; ${p.connections.p99} ms at 10 connections)`,
  );
  return met;
}

/** on a scratch PostgreSQL database of BENCH_DATABASE_URL, else PGlite */
async function onDatabase<T>(bench: (label: Label, url?: string) => Promise<T>): Promise<T> {
  if (!process.env.BENCH_DATABASE_URL) return bench('PGlite');
  const scratch = await createScratchPostgres(process.env.BENCH_DATABASE_URL);
  try {
    return await bench('PostgreSQL', scratch.url);
  } finally {
    await scratch.drop();
  }
}

/** `BENCH_ONLY=checkouts` (and the full run): 200 at once, then 100 spread */
export const runCheckoutsBench = () =>
  onDatabase(async (label, url) => {
    const learners = Number(process.env.CHECKOUTS ?? 200);
    const r = await runOnce(label, url, { learners, pdf: false });
    return printCheckouts(r, learners, learners + Math.ceil(learners / 2));
  });

/** `BENCH_ONLY=invoice-pdf` (and the full run): 20 paid checkouts, then the PDF */
export const runInvoicePdfBench = () =>
  onDatabase(async (label, url) => printPdf(await runOnce(label, url, { learners: 20, pdf: true })));
