import type { Db, Tx } from '../../db/client.ts';
import type { RunSnapshot } from '../../db/schema/index.ts';
import { batched } from '../../lib/batch.ts';
import type { CacheBus } from '../../lib/cache-bus.ts';
import type { JobQueue } from '../../lib/job-queue.ts';
import { TtlCache } from '../../lib/ttl-cache.ts';
import type { AuthUser } from '../../plugins/session.ts';
import type { McTestsService } from '../mc-tests/mc-tests.service.ts';
import type { ExportItemAnalysis } from './graduate.export.ts';
import { type RunForStop, graduateRepository as repo, type StopValues } from './graduate.repository.ts';
import { type RunForSave, runsForSave, type SaveValues, saveMany } from './graduate-saves.repository.ts';

/** what the graduate module is built from (app.ts) */
export interface GraduateDeps {
  db: Db;
  mcTests: McTestsService;
  now?: () => number;
  /** tells the other instances when the history totals are dropped */
  cacheBus?: CacheBus;
  /** called after results were stored: their item rows are derived after the answer */
  scored?: () => void;
  /** the item analysis sheet of the export (item-analysis) */
  itemAnalysis: ExportItemAnalysis;
  /**
   * a run accomplished or a graduation confirmed: the seminar's completion is evaluated for the
   * learner of the test, dated `at` (progress, issue 36 item 3)
   */
  completionChanged?: (tx: Tx, userId: number, mcTestId: number, at: Date) => Promise<unknown>;
  /** an accomplished run stopped: the same, in a transaction of its own shared by the stops together */
  runStopped?: (userId: number, mcTestId: number, at: Date) => Promise<unknown>;
  /** the durable queue: the job that scores the runs a window's close leaves open (issue 37 item 4) */
  jobs?: JobQueue;
}

/** run snapshots by run id, at most `max` (the oldest kept goes first) */
function keptSnapshots(max: number) {
  const kept = new Map<number, RunSnapshot>();
  return {
    keep(runId: number, snapshot: RunSnapshot) {
      kept.set(runId, snapshot);
      if (kept.size > max) kept.delete(kept.keys().next().value as number);
    },
    get: (runId: number) => kept.get(runId),
    drop: (runId: number) => kept.delete(runId),
  };
}

/** the deps and the state the use cases share (batches, caches), built once per app */
export interface GraduateContext {
  db: Db;
  mcTests: McTestsService;
  now: () => number;
  itemAnalysis: ExportItemAnalysis;
  completionChanged?: GraduateDeps['completionChanged'];
  runStopped?: GraduateDeps['runStopped'];
  runForStop: (lookup: {
    runId: number;
    userId: number;
    withSnapshot: boolean;
  }) => Promise<RunForStop | undefined>;
  storeResult: (result: StopValues) => Promise<boolean>;
  /** the saves of answers that arrive together share one look-up and one write (issue 37 goal) */
  runForSave: (lookup: { runId: number; withSnapshot: boolean }) => Promise<RunForSave | undefined>;
  storeSave: (save: SaveValues) => Promise<{ deadline: Date | null } | undefined>;
  totals: TtlCache<number>;
  openSnapshots: ReturnType<typeof keptSnapshots>;
}

export function createGraduateContext(deps: GraduateDeps): GraduateContext {
  const { db } = deps;
  const now = deps.now ?? Date.now;
  // the stops of players that arrive together share the run look-up and the write (lib/batch.ts):
  // under load a batch waits while stops keep coming (until none came for 5 ms, at most 50 ms): a
  // stop is rare and heavy, a statement per stop or two is not (docs/decisions.md)
  const underLoad = { delayMs: 5, maxWaitMs: 50 };
  const runForStop = batched(
    (lookups: { runId: number; userId: number; withSnapshot: boolean }[]) => repo.runsForStop(db, lookups),
    100,
    underLoad,
  );
  const storeResult = batched(
    async (results: StopValues[]) => {
      const stored = await repo.stopMany(db, results);
      if (stored.some(Boolean)) deps.scored?.();
      return stored;
    },
    100,
    underLoad,
  );
  // answer saves are light and come in bursts (a class in an exam): a batch waits for more while
  // they keep coming, at most 10 ms
  const saveBursts = { delayMs: 2, maxWaitMs: 10 };
  const runForSave = batched(
    (lookups: { runId: number; withSnapshot: boolean }[]) => runsForSave(db, lookups),
    200,
    saveBursts,
  );
  const storeSave = batched((saves: SaveValues[]) => saveMany(db, saves), 200, saveBursts);
  // the owner history's run counts for two seconds (counting every run of an owner is most of a
  // page's cost); a run started here or on another instance drops them; a deleted test's runs
  // may count up to two seconds longer (docs/decisions.md)
  const totals = new TtlCache<number>(
    2000,
    500,
    now,
    deps.cacheBus && { bus: deps.cacheBus, topic: 'graduate.history-totals' },
  );
  return {
    db,
    mcTests: deps.mcTests,
    now,
    itemAnalysis: deps.itemAnalysis,
    completionChanged: deps.completionChanged,
    runStopped: deps.runStopped,
    runForStop,
    storeResult,
    runForSave,
    storeSave,
    totals,
    // the snapshots of the runs started here and still open, so that their stop need not read them
    // back (up to 17 KB each for 40 questions); a snapshot never changes once stored, so a kept one
    // cannot be stale; a stop on another instance, or after a restart, reads it (docs/decisions.md)
    openSnapshots: keptSnapshots(500),
  };
}

/** a test the caller manages (404 otherwise) */
export const managedTest = (ctx: GraduateContext, actor: AuthUser, testId: number) =>
  ctx.mcTests.requireManaged(actor, testId);
