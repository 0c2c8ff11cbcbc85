import { createPrivacyContext, type PrivacyDeps } from './privacy.context.ts';
import {
  cancelDeletionAtLogin,
  cancelDeletionFor,
  deletionState,
  pendingDeletions,
  requestDeletionFor,
  requestOwnDeletion,
} from './use-cases/deletions.ts';
import { defineExportJob, listExports, openExport, requestExport } from './use-cases/exports.ts';
import { sweep } from './use-cases/sweep.ts';

export type { PrivacyDeps } from './privacy.context.ts';

/** the job kind of the sweep of expired exports and accounts due for erasure */
export const PRIVACY_SWEEP_JOB = 'privacy-sweep';

export type PrivacyService = ReturnType<typeof createPrivacyService>;

/** a use case's parameters after its context */
type Args<F> = F extends (ctx: never, ...rest: infer R) => unknown ? R : never;

/**
 * Privacy self-service (issue 19, docs/api/privacy.md): the export of one person's data as a zip
 * archive (one JSON file per area of privacy.areas.ts, plus their avatar), prepared by a
 * job of the job queue and kept 24 hours; the deletion of an account after a grace period of 14 days
 * (a login undoes it), then its erasure or anonymisation area by area. Admins do both for anyone.
 * Each use case is a function in use-cases/; this composes them over one context.
 */
export function createPrivacyService(deps: PrivacyDeps) {
  const ctx = createPrivacyContext(deps);

  // a login within the grace period undoes the deletion; an account being erased stays out
  ctx.auth.onLogin((userId) => cancelDeletionAtLogin(ctx, userId));

  const service = {
    areas: ctx.areas,
    requestExport: (...a: Args<typeof requestExport>) => requestExport(ctx, ...a),
    listExports: (...a: Args<typeof listExports>) => listExports(ctx, ...a),
    openExport: (...a: Args<typeof openExport>) => openExport(ctx, ...a),
    requestOwnDeletion: (...a: Args<typeof requestOwnDeletion>) => requestOwnDeletion(ctx, ...a),
    requestDeletionFor: (...a: Args<typeof requestDeletionFor>) => requestDeletionFor(ctx, ...a),
    cancelDeletionFor: (...a: Args<typeof cancelDeletionFor>) => cancelDeletionFor(ctx, ...a),
    deletionState: (userId: number) => deletionState(ctx, userId),
    pendingDeletions: (...a: Args<typeof pendingDeletions>) => pendingDeletions(ctx, ...a),
    sweep: () => sweep(ctx),

    /**
     * the jobs of the module: the sweep, scheduled every 15 minutes (it fires once per period
     * across all instances, docs/decisions/platform.md), and the building of an export
     */
    async defineJobs() {
      await ctx.jobs.define(PRIVACY_SWEEP_JOB, async () => {
        const done = await sweep(ctx);
        if (done.erased || done.exportsRemoved) ctx.log.info(done, 'privacy sweep');
      });
      await ctx.jobs.schedule(PRIVACY_SWEEP_JOB, '*/15 * * * *');
      await defineExportJob(ctx);
    },
  };
  return service;
}
