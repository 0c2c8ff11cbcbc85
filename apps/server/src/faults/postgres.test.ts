import { Writable } from 'node:stream';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { usersRepository } from '../modules/users/users.repository.ts';
import { type Agent, buildTestApp, type TestApp } from '../test/build-test-app.ts';

const databaseUrl = process.env.TEST_DATABASE_URL;

/**
 * A stalled or interrupted PostgreSQL (TEST_DATABASE_URL; CI sets it): a lock held by the test
 * stalls the server's statements, which end after statement_timeout; requests beyond the pool wait
 * at most dbPoolWaitMs; backends terminated under the server. Every answer is 503 with Retry-After
 * (never a 500), nothing is half-written, the outage is logged once without SQL parameters, and the
 * server serves again as soon as the lock is released. PGlite (one connection inside the process)
 * cannot stall this way.
 */
describe.runIf(!!databaseUrl)('PostgreSQL stalled or interrupted (TEST_DATABASE_URL)', () => {
  let t: TestApp;
  let agent: Agent;
  let admin: pg.Client;
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk, _enc, cb) {
      for (const l of String(chunk).split('\n')) if (l.trim()) lines.push(JSON.parse(l));
      cb();
    },
  });
  const holdLock = async () => {
    await admin.query('BEGIN');
    await admin.query('LOCK TABLE users IN ACCESS EXCLUSIVE MODE');
  };
  const release = () => admin.query('COMMIT');
  const registration = (n: string) => ({
    username: `pgstall${n}`,
    email: `pg-stall-${n}@example.test`,
    first_name: 'P',
    last_name: 'S',
    password: 'Fault-Passw0rd',
    password_confirmation: 'Fault-Passw0rd',
  });

  beforeAll(async () => {
    t = await buildTestApp(
      { dbStatementTimeoutMs: 1000, dbPoolWaitMs: 300, rateLimitFactor: 100 },
      { logger: { level: 'info', stream } },
    );
    const user = await t.make.user();
    agent = await t.loginAs(user.email);
    admin = new pg.Client({ connectionString: t.config.databaseUrl });
    await admin.connect();
  });
  afterAll(async () => {
    await admin?.end().catch(() => undefined);
    await t?.close();
  });

  it('a statement stalled by a lock ends after the statement timeout with 503; nothing is written', async () => {
    const guest = t.agent();
    await guest.get('/sanctum/csrf-cookie');
    await holdLock();
    try {
      const user = await agent.get('/api/user');
      expect(user.statusCode).toBe(503);
      expect(user.headers['retry-after']).toBe('5');
      expect(user.json().code).toBe('service_unavailable');
      const reg = await guest.post('/api/register', registration('a'));
      expect(reg.statusCode).toBe(503);
    } finally {
      await release();
    }
    expect(await usersRepository.findByEmail(t.app.database.db, 'pg-stall-a@example.test')).toBeUndefined();
    expect((await agent.get('/api/user')).statusCode).toBe(200);
    expect((await guest.post('/api/register', registration('a'))).statusCode).toBe(201);
  });

  it('requests waiting for a pool connection answer 503 after the pool wait; the outage is logged once, without parameters', async () => {
    const before = lines.length;
    const guest = t.agent();
    await guest.get('/sanctum/csrf-cookie');
    await holdLock();
    let answers: number[];
    try {
      const all = await Promise.all([
        ...Array.from({ length: 14 }, () => agent.get('/api/user')),
        guest.post('/api/register', registration('secret-param')),
      ]);
      answers = all.map((r) => r.statusCode);
      for (const r of all) expect(r.headers['retry-after']).toBe('5');
    } finally {
      await release();
    }
    expect(answers).toEqual(Array(15).fill(503));
    const logged = lines.slice(before);
    const outage = logged.filter((l) => l.msg === 'database unavailable');
    expect(outage.length).toBeLessThanOrEqual(1);
    const text = JSON.stringify(logged);
    expect(text).not.toContain('pg-stall-secret-param@example.test');
    expect(text).not.toContain('params');
    expect((await agent.get('/api/user')).statusCode).toBe(200);
  });

  it('backends terminated under the server: 503 or success, never a 500; then it serves again', async () => {
    const guest = t.agent();
    await guest.get('/sanctum/csrf-cookie');
    await holdLock();
    // a request holding a connection while its backend is killed
    const pending = guest.post('/api/register', registration('b'));
    await new Promise((r) => setTimeout(r, 200));
    await admin.query(
      `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
        WHERE datname = current_database() AND pid <> pg_backend_pid()`,
    );
    await release();
    expect((await pending).statusCode).toBe(503);
    expect(await usersRepository.findByEmail(t.app.database.db, 'pg-stall-b@example.test')).toBeUndefined();
    const statuses: number[] = [];
    for (let i = 0; i < 20; i++) {
      const res = await agent.get('/api/user');
      statuses.push(res.statusCode);
      if (res.statusCode === 200) break;
    }
    expect(statuses.every((s) => s === 200 || s === 503)).toBe(true);
    expect(statuses.at(-1)).toBe(200);
    expect((await guest.post('/api/register', registration('b'))).statusCode).toBe(201);
  });
});
