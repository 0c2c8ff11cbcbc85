import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { storedFilePaths } from '../db/stored-files.ts';
import { sweepOrphans, sweepTmp } from '../lib/storage.ts';
import type { Resources } from './resources.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** erases the accounts whose grace period is over and removes expired exports (issue 19) */
    privacySweep: () => Promise<{ exportsRemoved: number; erased: number }>;
  }
}

/**
 * The start-up sweep of the stored files: partial uploads, and files no row names (a kill between
 * a file's rename and its row). A plain function, not a plugin: a large upload directory may take
 * longer than a plugin may take to load. On PostgreSQL another instance may be between the two
 * steps, so only files older than an hour go. A bucket is listed in the background (a large one
 * takes a while; start-up does not wait for it), so there too only files older than an hour go:
 * uploads are already being answered. Closing the app waits for it (`resources.orphanSweep`).
 * Queued jobs need not be asked: none names a stored file (an export's job carries its row's id;
 * the archive's key is chosen by the run and named in the row when it is complete), so what a cut
 * run leaves is an orphan its retry does not need (faults/orphans.test.ts).
 */
export async function sweepStoredFiles(app: FastifyInstance, resources: Resources): Promise<void> {
  const { files, database } = resources;
  await sweepTmp(files);
  const sweep = async () => {
    const orphans = await sweepOrphans(files, await storedFilePaths(database.db), {
      olderThanMs: database.kind === 'pglite' && files.kind === 'local' ? 0 : 3_600_000,
    });
    if (orphans) app.log.warn({ removed: orphans }, 'removed stored files that no row names');
  };
  if (files.kind === 'local') await sweep();
  else
    resources.orphanSweep = sweep().catch((err: unknown) =>
      app.log.warn({ err }, 'orphan sweep of the bucket failed; it runs again at the next start'),
    );
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
