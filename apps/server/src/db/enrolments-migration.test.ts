import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { migrationsAt } from '../test/migrations-at.ts';
import type { Database } from './client.ts';

/**
 * The grants migration (0010 enrolments, 0011 the data, 0012 the rest) on a database as 0009 left
 * it: a copy of the demo data, and a database with a booking in every status. Runs on PGlite, and
 * on PostgreSQL when TEST_DATABASE_URL is set.
 */
const BEFORE = '0009_company_purchases';
/** two databases migrated from nothing each (slow on a busy machine) */
const MIGRATION_TIMEOUT = 300_000;
const { openAt, closeAll } = migrationsAt();

async function rows<T>(database: Database, query: string): Promise<T[]> {
  const result = await database.db.execute(sql.raw(query));
  return (result as unknown as { rows: T[] }).rows;
}
const run = (database: Database, statement: string) => database.db.execute(sql.raw(statement));

/** who may play what before the migration: own free/paid bookings and assignments */
const PLAY_BEFORE = `select user_id, seminar_id from bookings where status in ('free', 'paid', 'company')
  order by user_id, seminar_id`;
/** the same question after it: any grant */
const HOLDS_AFTER = 'select distinct user_id, seminar_id from enrolments order by user_id, seminar_id';

afterAll(closeAll);

describe('the grants migration', () => {
  it(
    'moves a copy of the demo data: the same people hold the same seminars, the access link follows its assignment',
    async () => {
      const database = await openAt(BEFORE);
      const dump = readFileSync(new URL('./fixtures/demo-data-0009.sql', import.meta.url), 'utf8');
      const statements = dump.split('\n').filter((l) => /^(INSERT INTO|SELECT pg_catalog\.setval)/.test(l));
      await database.db.transaction(async (tx) => {
        // the dump's rows in table order; chapters point at each other
        await tx.execute(sql.raw('SET LOCAL session_replication_role = replica'));
        for (const statement of statements) await tx.execute(sql.raw(statement));
      });
      const before = await rows<{ user_id: number; seminar_id: number }>(database, PLAY_BEFORE);
      expect(before.length).toBeGreaterThan(0);
      const [link] = await rows<{ id: number; user_id: number; seminar_id: number; company_id: number }>(
        database,
        `select l.id, b.user_id, b.seminar_id, cb.company_id from access_links l
        join bookings b on b.id = l.booking_id join company_bookings cb on cb.id = b.company_booking_id`,
      );
      expect(link).toBeDefined();

      await database.migrate();

      expect(await rows(database, HOLDS_AFTER)).toEqual(before);
      expect(await rows(database, 'select count(*)::int as n from bookings')).toEqual([{ n: 0 }]);
      expect(
        await rows(
          database,
          `select l.id, l.user_id, l.seminar_id, l.company_id, e.source from access_links l
          join enrolments e on e.id = l.enrolment_id`,
        ),
      ).toEqual([{ ...link, source: 'company' }]);
      // serial sequences go on after the moved rows
      await run(
        database,
        `insert into enrolments (seminar_id, user_id, source) values (${before[0]!.seminar_id}, ${before[0]!.user_id}, 'company')`,
      );
    },
    MIGRATION_TIMEOUT,
  );

  it(
    'moves every booking status: only free, paid and company grant; purchases that grant nothing stay purchases',
    async () => {
      const database = await openAt(BEFORE);
      await run(
        database,
        `insert into users (id, username, email, first_name, last_name, password_hash) values
        ${Array.from({ length: 9 }, (_, i) => `(${i + 1}, 'u${i + 1}', 'u${i + 1}@example.test', 'U', '${i + 1}', 'x')`).join(', ')}`,
      );
      await run(database, `insert into companies (id, name, short_name) values (1, 'Firma', 'firma')`);
      await run(
        database,
        `insert into seminars (id, slug, title, price, currency, is_public, owner_id) values
        (1, 's1', 'S1', 4900, 'CHF', true, 1), (2, 's2', 'S2', 0, 'CHF', true, 1)`,
      );
      await run(
        database,
        `insert into company_bookings (id, company_id, seminar_id, booked_by, status, currency, granted_at)
        values (1, 1, 2, 1, 'free', 'CHF', now())`,
      );
      // one booking per status of seminar 1 (users 2-7), a free one of seminar 2 (user 8), an
      // assignment to the company booking of seminar 2 (user 9) with an access link, and a paid
      // purchase for the company (user 1 bought seminar 1 for company 1)
      const statuses = ['free', 'paid', 'pending', 'failed', 'canceled', 'expired'];
      await run(
        database,
        `insert into bookings (id, seminar_id, user_id, status, price, currency, granted_at, for_company_id, company_booking_id) values
        ${statuses.map((s, i) => `(${i + 1}, 1, ${i + 2}, '${s}', 4900, 'CHF', ${['free', 'paid'].includes(s) ? `'2026-01-0${i + 1}T00:00:00Z'` : 'null'}, null, null)`).join(', ')},
        (7, 2, 8, 'free', 0, 'CHF', now(), null, null),
        (8, 2, 9, 'company', 0, 'CHF', now(), null, 1),
        (9, 1, 1, 'paid', 4900, 'CHF', now(), 1, null)`,
      );
      await run(
        database,
        `insert into payments (booking_id, user_id, provider, provider_id, amount, currency, status) values
        (2, 3, 'test', 'tr_paid', 4900, 'CHF', 'paid'), (3, 4, 'test', 'tr_open', 4900, 'CHF', 'open'),
        (4, 5, 'test', 'tr_failed', 4900, 'CHF', 'failed')`,
      );
      await run(
        database,
        `insert into access_links (id, token_hash, token_sealed, booking_id, expires_at)
        values (1, 'h', 's', 8, now() + interval '1 day')`,
      );
      const before = await rows(database, PLAY_BEFORE);

      await database.migrate();

      expect(await rows(database, HOLDS_AFTER)).toEqual(before);
      expect(
        await rows(
          database,
          `select user_id, seminar_id, source, booking_id, company_booking_id, company_id,
          to_char(granted_at at time zone 'UTC', 'YYYY-MM-DD') as day
          from enrolments where user_id in (2, 3, 9) order by user_id`,
        ),
      ).toMatchObject([
        {
          user_id: 2,
          seminar_id: 1,
          source: 'free',
          booking_id: null,
          company_booking_id: null,
          day: '2026-01-01',
        },
        {
          user_id: 3,
          seminar_id: 1,
          source: 'purchase',
          booking_id: 2,
          company_booking_id: null,
          day: '2026-01-02',
        },
        {
          user_id: 9,
          seminar_id: 2,
          source: 'company',
          booking_id: null,
          company_booking_id: 1,
          company_id: 1,
        },
      ]);
      // purchases keep their payment states; free bookings and assignments left `bookings`
      expect(await rows(database, 'select id, user_id, status from bookings order by id')).toEqual([
        { id: 2, user_id: 3, status: 'paid' },
        { id: 3, user_id: 4, status: 'pending' },
        { id: 4, user_id: 5, status: 'failed' },
        { id: 5, user_id: 6, status: 'canceled' },
        { id: 6, user_id: 7, status: 'expired' },
        { id: 9, user_id: 1, status: 'paid' },
      ]);
      expect(await rows(database, 'select count(*)::int as n from payments')).toEqual([{ n: 3 }]);
      expect(await rows(database, 'select id, user_id, seminar_id, company_id from access_links')).toEqual([
        { id: 1, user_id: 9, seminar_id: 2, company_id: 1 },
      ]);
      // the manager's purchase for the company grants the manager as before
      expect(await rows(database, `select source, booking_id from enrolments where user_id = 1`)).toEqual([
        { source: 'purchase', booking_id: 9 },
      ]);
    },
    MIGRATION_TIMEOUT,
  );
});
