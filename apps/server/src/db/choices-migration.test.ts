import { scoreMcTestRun } from '@elearn/shared';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { choicesOf, codingOf } from '../modules/graduate/answer-coding.ts';
import { derivePending } from '../modules/item-analysis/item-rows.ts';
import { migrationsAt } from '../test/migrations-at.ts';
import type { Database } from './client.ts';
import { rowsOf } from './query-helpers.ts';
import { type RunSnapshot, users } from './schema/index.ts';

/**
 * Migration 0020: the stored answer codings become choices, and the item rows are no longer
 * derived by a trigger. On a database as 0019 left it: the choices match the shared builder, the
 * item rows the trigger derived stay, and the rows derived from choices (item-rows.ts) are the
 * trigger's rows. Runs on PGlite, and on PostgreSQL when TEST_DATABASE_URL is set.
 */
const BEFORE = '0019_item_responses_per_statement';
const MIGRATION_TIMEOUT = 300_000;
const { openAt, closeAll } = migrationsAt();
afterAll(closeAll);

async function rows<T>(database: Database, query: string): Promise<T[]> {
  return ((await database.db.execute(sql.raw(query))) as unknown as { rows: T[] }).rows;
}

/** three questions (one of 2 points), answers shuffled as a run stores them */
const snapshot = (ids: { q: number; a: number }): RunSnapshot => ({
  mode: 'exam',
  percentToAccomplish: 50,
  label: 'Prüfung',
  questions: [0, 1, 2].map((k) => ({
    id: ids.q + k,
    label: `<p>Frage ${k + 1}</p>`,
    points: k === 1 ? 2 : null,
    answers: [2, 0, 3, 1].map((n) => ({ id: ids.a + k * 10 + n, label: `Antwort ${n}`, correct: n < 2 })),
  })),
});

describe('migration 0020: choices instead of answer codings', () => {
  it(
    'converts the stored codings, keeps the item rows and derives the same rows from choices',
    async () => {
      const database = await openAt(BEFORE);
      const db = database.db;
      const [owner] = await db
        .insert(users)
        .values({ username: 'o', email: 'o@example.test', firstName: 'O', lastName: 'O', passwordHash: 'x' })
        .returning();
      // raw SQL: the schema of today has columns that migration 0019 did not have yet
      const [test] = await rows<{ id: number }>(
        database,
        `insert into mc_tests (owner_id, label, percent_to_accomplish, mode, enabled)
          values (${owner!.id}, 'Prüfung', 50, 'exam', 1) returning id`,
      );
      const snap = snapshot({ q: 100, a: 1000 });
      // per run: the answers chosen by question (the first run picks answers of all three)
      const picks = [
        [[1000, 1001], [1012], [1020, 1021, 1023]],
        [[], [1010, 1011], [1021]],
      ];
      const expected = [];
      for (const pick of picks) {
        const chosen = new Map(snap.questions.map((q, k) => [q.id, new Set(pick[k])]));
        const score = scoreMcTestRun(snap.questions, chosen, 50);
        const [run] = rowsOf(
          await db.execute(
            sql`insert into user_graduate_mctests (mc_test_id, user_id, mode, snapshot, stopped_at, achieved_percent, accomp)
              values (${test!.id}, ${owner!.id}, 'exam', ${JSON.stringify(snap)}::jsonb, now(), ${score.achievedPercent}, ${score.accomp})
              returning id`,
          ),
        ) as { id: number }[];
        const choices = choicesOf(snap, chosen, score.perQuestion);
        // the coding as 0019 stored it (the trigger derives the item rows)
        await db.execute(sql`insert into user_graduate_results (user_graduate_mctest_id, answer_coding)
          values (${run!.id}, ${JSON.stringify(codingOf(snap, choices))}::jsonb)`);
        expected.push({ runId: run!.id, choices });
      }
      const itemsQuery = `select run_id, n, question_id, item_key::text, weight, "right", chosen, score, rest
        from mc_item_responses order by run_id, n`;
      const triggerRows = await rows<Record<string, unknown>>(database, itemsQuery);
      expect(triggerRows).toHaveLength(6);

      await database.migrate();
      const stored = await rows<{ id: number; choices: unknown; items_pending: boolean }>(
        database,
        'select user_graduate_mctest_id as id, choices, items_pending from user_graduate_results order by 1',
      );
      expect(stored.map((r) => ({ runId: r.id, choices: r.choices }))).toEqual(expected);
      expect(stored.every((r) => r.items_pending === false)).toBe(true);
      const columns = await rows<{ column_name: string }>(
        database,
        `select column_name from information_schema.columns where table_name = 'user_graduate_results'`,
      );
      expect(columns.map((c) => c.column_name)).not.toContain('answer_coding');
      expect(await rows(database, itemsQuery)).toEqual(triggerRows);

      // a result stored now is pending and gets no rows until derived: then the trigger's rows
      await db.execute(sql`delete from mc_item_responses`);
      await db.execute(sql`update user_graduate_results set items_pending = true`);
      expect(await derivePending(db)).toBe(2);
      expect(await rows(database, itemsQuery)).toEqual(triggerRows);
      // nothing pending: nothing derived twice
      expect(await derivePending(db)).toBe(0);
      expect(await rows(database, itemsQuery)).toHaveLength(6);
    },
    MIGRATION_TIMEOUT,
  );
});
