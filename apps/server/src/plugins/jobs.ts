import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { storedFilePaths } from '../db/stored-files.ts';
import { sweepOrphans, sweepTmp } from '../lib/storage.ts';
import type { Resources } from './resources.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** erases the accounts whose grace period is over and removes expired exports (issue 19) */
    privacySweep: () => Promise<{ exportsRemoved: number; erased: number }>;
    /** the start-up sweep of orphaned stored files, running in the background (settles, never rejects) */
    orphanSweep: Promise<unknown>;
  }
}

/**
 * The start-up sweep of the stored files: partial uploads, and files no row names (a kill between
 * a file's rename and its row). A plain function, not a plugin. Partial uploads go before the app
 * answers (an upload after it may be writing one). The orphans are looked for in the background,
 * for the upload directory as for a bucket (issue 39: every stored path and every file, 6 s of a
 * 20 s start at scale 1); closing the app stops and awaits it (`resources.orphanSweep`). Safe while
 * uploads and jobs run: only files last written before this call may go (taken before any route
 * or job that writes a file exists; a file renamed into place keeps its .part's time, which is
 * later), and on PostgreSQL, where another instance may be between rename and row, only those
 * older than an hour. Queued jobs need not be asked: none names a stored file (an export's job
 * carries its row's id; the archive's key is chosen by the run and named in the row when it is
 * complete), so what a cut run leaves is an orphan its retry does not need (faults/orphans.test.ts).
 */
export async function sweepStoredFiles(app: FastifyInstance, resources: Resources): Promise<void> {
  const { files, database } = resources;
  const startedAt = Date.now();
  await sweepTmp(files);
  const { signal } = resources.orphanSweepStop;
  const sweep = async () => {
    const orphans = await sweepOrphans(files, await storedFilePaths(database.db), {
      olderThanMs: database.kind === 'pglite' && files.kind === 'local' ? 0 : 3_600_000,
      now: startedAt,
      signal,
    });
    if (orphans) app.log.warn({ removed: orphans }, 'removed stored files that no row names');
  };
  resources.orphanSweep = sweep().catch((err: unknown) =>
    app.log.warn({ err }, 'orphan sweep of the stored files failed; it runs again at the next start'),
  );
  app.decorate('orphanSweep', resources.orphanSweep);
}

export interface JobsOptions {
  /** item analysis' background deriver of scored results (modules/item-analysis/item-rows.ts) */
  itemRows: { defineJobs(): Promise<void>; scheduleSoon(): void; close(): Promise<void> };
  /** the privacy service's sweep of expired exports and accounts due for erasure */
  privacy: {
    sweep(): Promise<{ exportsRemoved: number; erased: number }>;
    /** the sweep as a job of the queue on a schedule (once per period across instances) */
    defineJobs(): Promise<void>;
  };
}

/** the background work of the modules: started with the app, stopped when it closes */
export const jobsPlugin = fp(async (app: FastifyInstance, opts: JobsOptions) => {
  const { itemRows, privacy } = opts;
  app.addHook('onClose', () => itemRows.close());
  await itemRows.defineJobs();
  // results left pending by a stopped instance (or by the demo data) are derived at start
  itemRows.scheduleSoon();
  app.decorate('privacySweep', () => privacy.sweep());
  // a sweep running at close is the queue's: its stop lets it finish (plugins/resources.ts)
  await privacy.defineJobs();
});
