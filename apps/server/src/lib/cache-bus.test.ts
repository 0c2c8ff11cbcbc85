import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Agent, buildTestApp, type TestApp } from '../test/build-test-app.ts';
import { seminarFixtures } from '../test/fixtures.ts';
import { CHANNEL } from './cache-bus.ts';

const PG = process.env.TEST_DATABASE_URL;

/**
 * Two instances on one PostgreSQL (DESIGN.md section 8): a write on one is seen by the very next
 * read on the other, although both keep the chapter trees and the catalogue in memory.
 */
describe.runIf(PG)('caches of two instances on one PostgreSQL', () => {
  let a: TestApp;
  let b: TestApp;
  let ownerA: Agent;
  let ownerB: Agent;
  let ownerId: number;
  beforeAll(async () => {
    a = await buildTestApp();
    const url = a.app.config.databaseUrl!;
    b = await buildTestApp({ databaseUrl: url });
    const trainer = await a.make.user({ scopes: ['trainer'] });
    ownerId = trainer.id;
    ownerA = await a.loginAs(trainer.email);
    ownerB = await b.loginAs(trainer.email);
  }, 60_000);
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  const labels = async (agent: Agent, seminarId: number) =>
    ((await agent.get(`/api/chapters/seminar/${seminarId}`)).json() as { label: string }[]).map(
      (c) => c.label,
    );

  it('a reorder on A is in the next tree read on B', async () => {
    const fx = seminarFixtures(a.app);
    const seminar = await fx.seminar(ownerId);
    const one = await fx.chapter(seminar.id, { label: 'one', position: 0 });
    const two = await fx.chapter(seminar.id, { label: 'two', position: 1 });
    expect(await labels(ownerB, seminar.id)).toEqual(['one', 'two']); // cached on B now
    expect(await labels(ownerB, seminar.id)).toEqual(['one', 'two']);
    const res = await ownerA.patch('/api/chapters/reorder', {
      seminar_id: seminar.id,
      order: [
        { id: two.id, chapter_id: null, position: 0 },
        { id: one.id, chapter_id: null, position: 1 },
      ],
    });
    expect(res.statusCode).toBe(200);
    expect(await labels(ownerB, seminar.id)).toEqual(['two', 'one']);
  });

  it('a seminar made private on A leaves the catalogue of B at once', async () => {
    const seminar = await seminarFixtures(a.app).seminar(ownerId, { title: 'Bus catalogue check' });
    const listed = async () =>
      (
        (await b.app.inject({ method: 'GET', url: '/api/seminars?q=catalogue%20check' })).json() as {
          data: { id: number }[];
        }
      ).data.map((s) => s.id);
    expect(await listed()).toContain(seminar.id);
    expect((await ownerA.patch('/api/seminars/tooglePublic', { id: seminar.id })).json().is_public).toBe(
      false,
    );
    expect(await listed()).not.toContain(seminar.id);
  });

  it('after its listening connection was cut, B drops its caches and hears A again', async () => {
    const fx = seminarFixtures(a.app);
    const seminar = await fx.seminar(ownerId);
    const x = await fx.chapter(seminar.id, { label: 'x', position: 0 });
    const y = await fx.chapter(seminar.id, { label: 'y', position: 1 });
    expect(await labels(ownerB, seminar.id)).toEqual(['x', 'y']);
    const admin = new pg.Client({ connectionString: a.app.config.databaseUrl });
    await admin.connect();
    const listening = async () =>
      (
        await admin.query(
          `SELECT 1 FROM pg_stat_activity WHERE datname = current_database() AND query = $1`,
          [`LISTEN ${CHANNEL}`],
        )
      ).rowCount ?? 0;
    const bothListening = async () => {
      const deadline = Date.now() + 10_000;
      while ((await listening()) < 2) {
        if (Date.now() > deadline) throw new Error('listeners did not come back');
        await new Promise((r) => setTimeout(r, 100));
      }
    };
    try {
      // a listener may still be (re)connecting after the earlier tests: wait for both first
      await bothListening();
      // both instances' listeners go; each reconnects and starts from nothing
      const cut = await admin.query(
        `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND query = $1`,
        [`LISTEN ${CHANNEL}`],
      );
      expect(cut.rowCount).toBe(2);
      // a write straight into the database, which no instance announces: only the drop on
      // reconnection makes B read it
      await admin.query('UPDATE chapters SET position = 5 WHERE id = $1', [x.id]);
      await bothListening();
      expect(await labels(ownerB, seminar.id)).toEqual(['y', 'x']);
      // and messages flow again
      await ownerA.patch('/api/chapters/reorder', {
        seminar_id: seminar.id,
        order: [
          { id: x.id, chapter_id: null, position: 0 },
          { id: y.id, chapter_id: null, position: 1 },
        ],
      });
      expect(await labels(ownerB, seminar.id)).toEqual(['x', 'y']);
    } finally {
      await admin.end();
    }
  }, 30_000);
});
