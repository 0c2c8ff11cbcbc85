import type { Readable } from 'node:stream';
import { parseStream } from 'music-metadata';
import type { FileStore } from './file-store.ts';

/**
 * The length of a stored video in whole seconds (issue 34: the catalogue's total video length and
 * the chapter outline), read by a pure-JS container parser (MP4, WebM/Matroska, Ogg: no ffprobe
 * on the production machines) from the file store, local disk or S3 alike. The stream is read
 * only as far as the container needs (a WebM's header; an MP4 up to its `moov` box, at the end
 * for files written without "fast start") and closed then.
 * Never throws: a missing file, a damaged or unknown container or a length that is not a positive
 * finite number give null (an upload never fails for it).
 */
export async function readVideoSeconds(store: FileStore, key: string, mime?: string): Promise<number | null> {
  let stream: Readable | undefined;
  try {
    const info = await store.stat(key);
    if (!info || info.size === 0) return null;
    stream = await store.read(key);
    // a read error (the file vanished, the bucket went away) rejects the parse instead of crashing
    stream.on('error', () => {});
    const meta = await parseStream(
      stream,
      { mimeType: mime, size: info.size, path: key },
      { duration: true, skipCovers: true, skipPostHeaders: true },
    );
    return secondsOf(meta.format.duration);
  } catch {
    return null;
  } finally {
    stream?.destroy();
  }
}

/** a parsed length as whole seconds (at least 1 for a non-empty length), or null */
export function secondsOf(duration: number | undefined): number | null {
  if (duration === undefined || !Number.isFinite(duration) || duration <= 0) return null;
  // an integer column: beyond it is no video's length but a broken header
  if (duration > 2_147_483_647) return null;
  return Math.max(1, Math.round(duration));
}
