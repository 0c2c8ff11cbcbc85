import type { AppConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { AppError, forbidden } from '../../errors.ts';
import { batched } from '../../lib/batch.ts';
import type { JobQueue } from '../../lib/job-queue.ts';
import type { RateCounter } from '../../lib/rate-counter.ts';
import type { AuthUser } from '../../plugins/session.ts';
import { companyPolicy } from '../../policies/company.policy.ts';
import type { EnrolmentsService } from '../enrolments/enrolments.service.ts';
import type { SeminarsService } from '../seminars/seminars.service.ts';
import {
  type CertificateRow,
  type PositionSave,
  progressRepository as repo,
  type SavedPosition,
} from './progress.repository.ts';
import { evaluateAfterRuns } from './use-cases/evaluate-completion.ts';

/** what the progress module is built from (app.ts) */
export interface ProgressDeps {
  db: Db;
  config: AppConfig;
  counter: RateCounter;
  seminars: SeminarsService;
  enrolments: EnrolmentsService;
  now?: () => number;
  /** the queue of the nightly catch-up of completions (absent in tests that build the module alone) */
  jobs?: JobQueue;
}

/** the deps and the state the use cases share, built once per app */
export interface ProgressContext {
  db: Db;
  config: AppConfig;
  counter: RateCounter;
  seminars: SeminarsService;
  enrolments: EnrolmentsService;
  now: () => number;
  /** the saves of players that arrive together go in one statement (lib/batch.ts) */
  savePosition: (save: PositionSave) => Promise<SavedPosition>;
  /** the completion's evaluation after accomplished runs, batched (one transaction for those together) */
  runStopped: (run: { userId: number; mcTestId: number; at: Date }) => Promise<void>;
}

export function createProgressContext(deps: ProgressDeps): ProgressContext {
  const { db } = deps;
  return {
    db,
    config: deps.config,
    counter: deps.counter,
    seminars: deps.seminars,
    enrolments: deps.enrolments,
    now: deps.now ?? Date.now,
    savePosition: batched((saves: PositionSave[]) => repo.savePositions(db, saves)),
    runStopped: batched(async (runs: { userId: number; mcTestId: number; at: Date }[]) => {
      await db.transaction((tx) => evaluateAfterRuns(tx, runs));
      return runs.map(() => undefined);
    }),
  };
}

/** the caller may see learners of the seminar: all (manager of it) or those of their companies */
export async function learnerScope(ctx: ProgressContext, actor: AuthUser, seminarId: number) {
  const access = await ctx.seminars.access(actor, seminarId);
  const ids = companyPolicy.seminarCompanies(actor, access.manage);
  if (ids?.length === 0) throw forbidden();
  return ids;
}

/** the seminar, when the caller manages it (403 otherwise) */
export async function managedSeminar(ctx: ProgressContext, actor: AuthUser, seminarId: number) {
  const access = await ctx.seminars.access(actor, seminarId);
  if (!access.manage) throw forbidden();
  return access.seminar;
}

/** a certificate by its code, when `may` lets the caller at it (404 unknown, 403 not theirs) */
export async function certificateFor(
  ctx: ProgressContext,
  actor: AuthUser,
  code: string,
  may: (a: AuthUser, c: CertificateRow) => boolean,
) {
  const row = await repo.certificateByCode(ctx.db, code);
  if (!row) throw new AppError(404, 'certificate.invalid', 'certificate.invalid');
  if (!may(actor, row)) throw forbidden();
  return row;
}
