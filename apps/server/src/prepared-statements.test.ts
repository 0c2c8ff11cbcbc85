import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './test/build-test-app.ts';
import { seminarFixtures } from './test/fixtures.ts';

/**
 * The hot queries are PREPAREd once per PGlite database on first use. The first requests after a
 * start often arrive together: they must share one PREPARE, never fail on a second one.
 */
describe('statements prepared on first use', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('answers concurrent first requests of the hot routes', async () => {
    const trainer = await t.make.user({ scopes: ['trainer'] });
    const student = await t.make.user();
    const fx = seminarFixtures(t.app);
    const seminar = await fx.seminar(trainer.id, { bookedBy: [student.id] });
    await fx.chapter(seminar.id);
    const [owner, player] = await Promise.all([t.loginAs(trainer.email), t.loginAs(student.email)]);
    const responses = await Promise.all([
      ...Array.from({ length: 10 }, () => player.get(`/api/chapters/seminar-booked/${seminar.id}`)),
      // the grant look-up (enrolments `holds`)
      ...Array.from({ length: 5 }, () => player.get(`/api/seminars/${seminar.id}`)),
      ...Array.from({ length: 10 }, () => owner.get('/api/graduate/history/owner')),
      ...Array.from({ length: 5 }, () => owner.get('/api/graduate/history/owner?q=test')),
    ]);
    expect(responses.map((r) => r.statusCode)).toEqual(Array(30).fill(200));
    expect(responses[10]?.json().abilities).toMatchObject({ booked: true, play: true });
  });
});
