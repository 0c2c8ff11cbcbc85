import type { Db } from './db/client.ts';
import { type FileStore, localFileStore } from './lib/file-store.ts';
import { backfillVideoLengths } from './modules/chapters/use-cases/video-lengths.ts';
import { catchUpCompletions } from './modules/progress/use-cases/catch-up-completions.ts';

/** The command line's data repairs after an upgrade (cli.ts): each answers the lines to print. */
export const dataCommands: Record<
  string,
  (db: Db, files: FileStore | string, opts: { retry?: boolean }) => Promise<string[]>
> = {
  /** the length of every video stored without one (issue 34 item 2) */
  async 'media:durations'(db, files, opts) {
    const store = typeof files === 'string' ? localFileStore(files) : files;
    const r = await backfillVideoLengths(db, store, { retry: opts.retry });
    return [`video lengths: ${r.read} read, ${r.unreadable} could not be read`];
  },
  /** completions met by the rule but never stored: before issue 36 item 3 a read stored them */
  async 'progress:complete'(db) {
    return [`completions stored: ${await catchUpCompletions(db)}`];
  },
};
