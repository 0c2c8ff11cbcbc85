import type { DbOrTx } from '../../../db/client.ts';
import type { FileStore } from '../../../lib/file-store.ts';
import { readVideoSeconds } from '../../../lib/video-duration.ts';
import { chaptersRepository as repo } from '../chapters.repository.ts';

/** the stored value of a video whose length could not be read: tried, unknown (the DTOs show null) */
export const UNREADABLE_LENGTH = 0;

/**
 * Back-fills the length of every video stored before lengths were read at upload (issue 34,
 * `npm run cli -- media:durations`): reads each video with no length from the file store, one
 * after another, and records its seconds, or {@link UNREADABLE_LENGTH} when the file is missing or
 * its container unreadable, so a second run reads nothing again; `retry` reads those once more
 * (a file restored from a backup). Rows go in batches by id: any number of videos, little memory.
 */
export async function backfillVideoLengths(
  db: DbOrTx,
  store: FileStore,
  opts: { retry?: boolean } = {},
): Promise<{ read: number; unreadable: number }> {
  const counts = { read: 0, unreadable: 0 };
  let afterId = 0;
  for (;;) {
    const batch = await repo.videosWithoutLength(db, afterId, 100, opts.retry ?? false);
    if (batch.length === 0) return counts;
    for (const v of batch) {
      const seconds = await readVideoSeconds(store, v.storagePath, v.mime);
      await repo.setVideoLength(db, v.id, seconds ?? UNREADABLE_LENGTH);
      if (seconds === null) counts.unreadable++;
      else counts.read++;
    }
    afterId = batch[batch.length - 1]!.id;
  }
}
