import { slugify } from '@elearn/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seminars } from '../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../test/build-test-app.ts';
import { seedDemoData } from './seed.ts';

/** Issue 11 item 6: every demo seminar's slug is the shared slug rule applied to its title. */
describe('demo seminars', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
    await seedDemoData(t.app.database.db, {
      onlyIfEmpty: true,
      files: t.app.files,
      sessionSecret: t.config.sessionSecret,
    });
  });
  afterAll(() => t.close());

  it('get their slugs from the shared rule', async () => {
    const rows = await t.app.database.db
      .select({ slug: seminars.slug, title: seminars.title })
      .from(seminars);
    expect(rows.length).toBeGreaterThanOrEqual(4);
    for (const row of rows) expect(row.slug, row.title).toBe(slugify(row.title));
    expect(rows.map((r) => r.slug)).toContain('fuehrung-and-kommunikation');
  });

  it('serve the priced seminar under that slug', async () => {
    const res = await t.agent().get('/api/seminars/slug/fuehrung-and-kommunikation');
    expect(res.statusCode).toBe(200);
    expect(res.json().title).toBe('Führung & Kommunikation');
  });
});
