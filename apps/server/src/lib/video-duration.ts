import type { Readable } from 'node:stream';
import { parseFromTokenizer } from 'music-metadata';
import { AbstractTokenizer, EndOfStreamError, type IFileInfo, type IReadChunkOptions } from 'strtok3';
import type { FileStore } from './file-store.ts';

/**
 * The length of a stored video in whole seconds (issue 34: the catalogue's total video length and
 * the chapter outline), read by a pure-JS container parser (music-metadata: MP4, WebM/Matroska,
 * Ogg; no ffprobe on the production machines) from the file store, local disk or S3 alike.
 * Only the bytes the container's headers need are read, by ranges ({@link StoreTokenizer}): an
 * MP4 written without "fast start" has its `moov` box after the media data, which is skipped,
 * not downloaded.
 * Never throws: a missing file, a damaged or unknown container or a length that is not a positive
 * finite number give null (an upload never fails for it).
 */
export async function readVideoSeconds(store: FileStore, key: string, mime?: string): Promise<number | null> {
  try {
    const info = await store.stat(key);
    if (!info || info.size === 0) return null;
    const tokenizer = new StoreTokenizer(store, key, { size: info.size, mimeType: mime, path: key });
    try {
      const meta = await parseFromTokenizer(tokenizer, {
        duration: true,
        skipCovers: true,
        skipPostHeaders: true,
      });
      return secondsOf(meta.format.duration);
    } finally {
      await tokenizer.close();
    }
  } catch {
    return null;
  }
}

/** a parsed length as whole seconds (at least 1 for a non-empty length), or null */
export function secondsOf(duration: number | undefined): number | null {
  if (duration === undefined || !Number.isFinite(duration) || duration <= 0) return null;
  // an integer column: beyond it is no video's length but a broken header
  if (duration > 2_147_483_647) return null;
  return Math.max(1, Math.round(duration));
}

/** bytes fetched at least per range request: a container's small headers come in few requests */
const READ_AHEAD = 256 * 1024;

/**
 * A random-access tokenizer (strtok3) over one stored file: every read is a range read of the
 * file store (a local file's byte range, an S3 ranged GET), with a read-ahead window.
 */
class StoreTokenizer extends AbstractTokenizer {
  fileInfo: IFileInfo & { size: number };
  private window: { start: number; bytes: Buffer } | null = null;

  constructor(
    private readonly store: FileStore,
    private readonly key: string,
    fileInfo: IFileInfo & { size: number },
  ) {
    super();
    this.fileInfo = fileInfo;
  }
  supportsRandomAccess(): boolean {
    return true;
  }
  setPosition(position: number): void {
    this.validateLength(position, 'position');
    this.position = position;
  }
  async readBuffer(target: Uint8Array, options?: IReadChunkOptions): Promise<number> {
    const o = this.normalizeOptions(target, options);
    this.position = o.position;
    const n = await this.readAt(target, o);
    this.position += n;
    return n;
  }
  async peekBuffer(target: Uint8Array, options?: IReadChunkOptions): Promise<number> {
    return this.readAt(target, this.normalizeOptions(target, options));
  }

  private async readAt(
    target: Uint8Array,
    o: { position: number; length: number; mayBeLess?: boolean },
  ): Promise<number> {
    const end = Math.min(o.position + o.length, this.fileInfo.size);
    let done = 0;
    while (o.position + done < end) {
      const at = o.position + done;
      let w = this.window;
      if (!w || at < w.start || at >= w.start + w.bytes.length) {
        w = this.window = await this.fetch(at, end);
        if (w.bytes.length === 0) break;
      }
      const n = Math.min(w.bytes.length - (at - w.start), end - at);
      target.set(w.bytes.subarray(at - w.start, at - w.start + n), done);
      done += n;
    }
    if (!o.mayBeLess && done < o.length) throw new EndOfStreamError();
    return done;
  }

  private async fetch(start: number, wantedEnd: number): Promise<{ start: number; bytes: Buffer }> {
    const last = Math.min(this.fileInfo.size, Math.max(wantedEnd, start + READ_AHEAD)) - 1;
    const stream: Readable = await this.store.read(this.key, { start, end: last });
    const chunks: Buffer[] = [];
    try {
      for await (const chunk of stream) chunks.push(chunk as Buffer);
    } finally {
      stream.destroy();
    }
    return { start, bytes: Buffer.concat(chunks) };
  }
}
