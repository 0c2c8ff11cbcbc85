import { is } from 'drizzle-orm';
import { getTableConfig, integer, PgTable, pgTable, serial } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as schema from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { EXCLUDED_TABLES, type PrivacyArea, privacyAreas } from './privacy.areas.ts';

/** a column that names a person: a foreign key to users, or a name that says so */
const PERSON_COLUMN = /^(user|owner|actor|author|learner|student|member|holder|recipient)_id$/;

/**
 * Every table of the drizzle schema with a user reference, read from the schema itself: a new
 * table that refers to users (another module's progress, certificates, …) fails here until it is
 * exported by an area of privacy.areas.ts or listed in EXCLUDED_TABLES with its reason.
 */
function tablesReferringToUsers(values: unknown[] = Object.values(schema)): Map<string, string[]> {
  const found = new Map<string, string[]>();
  for (const value of values) {
    if (!is(value, PgTable)) continue;
    const config = getTableConfig(value);
    if (config.name === 'users') {
      found.set('users', ['id']);
      continue;
    }
    const byForeignKey = config.foreignKeys.flatMap((fk) => {
      const ref = fk.reference();
      return getTableConfig(ref.foreignTable).name === 'users' ? ref.columns.map((c) => c.name) : [];
    });
    const byName = config.columns.map((c) => c.name).filter((name) => PERSON_COLUMN.test(name));
    const columns = [...new Set([...byForeignKey, ...byName])];
    if (columns.length) found.set(config.name, columns);
  }
  return found;
}

describe('privacy: every table with personal data is covered', () => {
  let t: TestApp;
  let areas: PrivacyArea[];
  beforeAll(async () => {
    t = await buildTestApp();
    // the areas as the app builds them (their services are not called here)
    areas = privacyAreas({} as Parameters<typeof privacyAreas>[0]);
  });
  afterAll(() => t.close());

  it('finds the tables that refer to users (the detection itself)', () => {
    const found = tablesReferringToUsers();
    expect(found.get('sessions')).toEqual(['user_id']);
    expect(found.get('audit_log')).toEqual(['actor_id']);
    expect(found.get('seminars')).toEqual(['owner_id']);
    expect(found.get('company_invitations')).toEqual(['created_by']);
    expect(found.has('chapters')).toBe(false);
  });

  const uncovered = (values?: unknown[]) => {
    const covered = new Set(areas.flatMap((a) => a.tables));
    return [...tablesReferringToUsers(values).keys()].filter(
      (name) => !covered.has(name) && !EXCLUDED_TABLES[name],
    );
  };

  it('each such table is exported by an area or excluded with a reason', () => {
    expect(uncovered(), 'tables with a user reference that no privacy area exports').toEqual([]);
  });

  it('fails for a new table with a user reference that no area names (by key or by column name)', () => {
    const badges = pgTable('learning_badges', {
      id: serial('id').primaryKey(),
      userId: integer('user_id').references(() => schema.users.id),
    });
    const notes = pgTable('learning_notes', { id: serial('id').primaryKey(), ownerId: integer('owner_id') });
    const plain = pgTable('plain_things', { id: serial('id').primaryKey(), label: integer('label') });
    expect(uncovered([...Object.values(schema), badges, notes, plain])).toEqual([
      'learning_badges',
      'learning_notes',
    ]);
  });

  it('names only tables that exist, each once, and gives a reason for what stays', async () => {
    const all = new Set(
      Object.values(schema)
        .filter((v) => is(v, PgTable))
        .map((v) => getTableConfig(v as PgTable).name),
    );
    const named = [...areas.flatMap((a) => a.tables), ...Object.keys(EXCLUDED_TABLES)];
    expect(named.filter((n) => !all.has(n))).toEqual([]);
    expect(named.length).toBe(new Set(named).size);
    for (const a of areas) if (a.effect !== 'deleted') expect(a.reason, a.name).toBeTruthy();
    for (const reason of Object.values(EXCLUDED_TABLES)) expect(reason.length).toBeGreaterThan(20);
    expect(new Set(areas.map((a) => a.name)).size).toBe(areas.length);
    // the migrated database has exactly the schema's tables (none outside drizzle's view)
    const rows = await t.app.database.db.execute<{ table_name: string }>(
      "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE'",
    );
    const list = Array.isArray(rows) ? rows : (rows as unknown as { rows: { table_name: string }[] }).rows;
    const inDb = list.map((r) => r.table_name).filter((n) => !n.startsWith('__drizzle'));
    expect(inDb.filter((n) => !all.has(n))).toEqual([]);
  });
});
