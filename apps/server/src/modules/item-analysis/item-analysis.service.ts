import type { ItemAnalysis, ItemAnalysisQuery, McTestMode } from '@elearn/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, DbOrTx } from '../../db/client.ts';
import type { JobQueue } from '../../lib/job-queue.ts';
import type { AuthUser } from '../../plugins/session.ts';
import type { McTestsService } from '../mc-tests/mc-tests.service.ts';
import { itemAnalysisRepository as repo } from './item-analysis.repository.ts';
import { addItemAnalysisSheet } from './item-analysis.sheet.ts';
import { buildItemStats } from './item-analysis.stats.ts';
import { createItemRowsDeriver, derivePending } from './item-rows.ts';

export type ItemAnalysisService = ReturnType<typeof createItemAnalysisService>;

const DAY_MS = 86_400_000;
const startOf = (day: string) => new Date(`${day}T00:00:00.000Z`);

/**
 * Item analysis of a test (issue 17): per question of the stopped runs in a date range and mode,
 * scored on their snapshots, its facility, discrimination and answer shares, with flags. Computed
 * in the database in two statements (plus the access check and the look for pending item rows),
 * whatever the number of runs.
 */
export function createItemAnalysisService(deps: {
  db: Db;
  mcTests: McTestsService;
  log: Pick<FastifyBaseLogger, 'error'>;
  jobs: JobQueue;
}) {
  const { db, mcTests } = deps;
  return {
    /** derives the item rows of scored runs in the background (item-rows.ts) */
    itemRows: createItemRowsDeriver(db, deps.log, deps.jobs),
    /** the third sheet of graduate's test export: the analysis over all stopped runs */
    forExport: {
      questions: async (test: { id: number; label: string; mode: string }) =>
        (await computeItemAnalysis(db, test, {})).questions,
      addSheet: addItemAnalysisSheet,
    },
    /**
     * The item analysis of a test the caller manages.
     * @throws 404 when the test does not exist or the caller does not manage it
     */
    async analyse(actor: AuthUser, testId: number, query: ItemAnalysisQuery): Promise<ItemAnalysis> {
      const test = await mcTests.requireManaged(actor, testId);
      return computeItemAnalysis(db, test, query);
    },
  };
}

/**
 * The analysis of a test (no access check): two statements, after a look for results whose item
 * rows the background pass has not derived yet (derived first, if any: item-rows.ts).
 */
export async function computeItemAnalysis(
  db: DbOrTx,
  test: { id: number; label: string; mode: string },
  query: ItemAnalysisQuery,
): Promise<ItemAnalysis> {
  await derivePending(db);
  const { runs, upperRuns, lowerRuns, groups } = await repo.groups(db, {
    testId: test.id,
    from: query.from ? startOf(query.from) : null,
    // `to` is the last day, inclusive
    until: query.to ? new Date(startOf(query.to).getTime() + DAY_MS) : null,
    mode: query.mode ?? null,
  });
  const lastRuns = new Map<string, number>();
  for (const g of groups) {
    const key = `${g.questionId}/${g.itemKey}`;
    lastRuns.set(key, Math.max(lastRuns.get(key) ?? 0, g.lastRun));
  }
  const asked = await repo.askedIn(db, [...new Set(lastRuns.values())]);
  const questions = buildItemStats(groups, (questionId, _key, lastRun) =>
    asked.get(`${lastRun}/${questionId}`),
  );
  return {
    mc_test: { id: test.id, label: test.label, mode: test.mode as McTestMode },
    filter: { from: query.from ?? null, to: query.to ?? null, mode: query.mode ?? null },
    runs,
    upper_runs: upperRuns,
    lower_runs: lowerRuns,
    questions,
  };
}
