import { createPrivacyContext, type PrivacyDeps, SWEEP_EVERY_MS } from './privacy.context.ts';
import {
  cancelDeletionAtLogin,
  cancelDeletionFor,
  deletionState,
  pendingDeletions,
  requestDeletionFor,
  requestOwnDeletion,
} from './use-cases/deletions.ts';
import { listExports, openExport, requestExport } from './use-cases/exports.ts';
import { sweep } from './use-cases/sweep.ts';

export type { PrivacyDeps } from './privacy.context.ts';

export type PrivacyService = ReturnType<typeof createPrivacyService>;

/** a use case's parameters after its context */
type Args<F> = F extends (ctx: never, ...rest: infer R) => unknown ? R : never;

/**
 * Privacy self-service (issue 19, docs/api/privacy.md): the export of one person's data as a zip
 * archive (one JSON file per area of privacy.areas.ts, plus their avatar), prepared in the
 * background and kept 24 hours; the deletion of an account after a grace period of 14 days
 * (a login undoes it), then its erasure or anonymisation area by area. Admins do both for anyone.
 * Each use case is a function in use-cases/; this composes them over one context.
 */
export function createPrivacyService(deps: PrivacyDeps) {
  const ctx = createPrivacyContext(deps);

  // a login within the grace period undoes the deletion; an account being erased stays out
  ctx.auth.onLogin((userId) => cancelDeletionAtLogin(ctx, userId));

  let timer: NodeJS.Timeout | null = null;
  let running: Promise<unknown> = Promise.resolve();

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

    /** runs the sweep every 15 minutes (and once shortly after the start) */
    startSweeper() {
      const tick = () => {
        running = service.sweep().catch((err: unknown) => ctx.log.error({ err }, 'privacy sweep failed'));
      };
      const first = setTimeout(tick, 30_000);
      first.unref();
      timer = setInterval(tick, SWEEP_EVERY_MS);
      timer.unref();
      return async () => {
        clearTimeout(first);
        if (timer) clearInterval(timer);
        await running;
      };
    },
  };
  return service;
}
