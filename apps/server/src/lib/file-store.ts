import { createWriteStream } from 'node:fs';
import { mkdir, open, readdir, rename, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { AppError } from '../errors.ts';
import { randomToken } from './crypto.ts';

/**
 * Where every stored file lives (issue 15): the local upload directory (the default) or an
 * S3-compatible bucket. Keys are `<dir>/<name>` as the rows name them (`videos/abc.mp4`); only the
 * directories below are ever written, listed or swept, so a bucket may hold other things too.
 */
export const STORED_DIRS = ['avatars', 'docs', 'exports', 'seminars', 'videos'] as const;

export interface StoredObjectInfo {
  key: string;
  size: number;
  modifiedMs: number;
}

/** One file being written: nothing is visible under its key before `commit`. */
export interface FileWriter {
  /** resolves when the chunk may be followed by the next (back-pressure); throws a write error */
  write(chunk: Buffer): Promise<void>;
  /** makes the file visible under its key (durably); throws storage_full / service_unavailable */
  commit(): Promise<void>;
  /** drops everything written; never throws */
  abort(): Promise<void>;
}

export interface FileStore {
  readonly kind: 'local' | 's3';
  /** for logs and messages: the directory or `s3://bucket/prefix` */
  readonly location: string;
  /** starts a new file under `key`; `maxBytes` sizes the parts of a multipart upload */
  writer(key: string, opts?: { contentType?: string; maxBytes?: number }): Promise<FileWriter>;
  /** size and modification time, or null when there is no such file */
  stat(key: string): Promise<{ size: number; modifiedMs: number } | null>;
  /** the file's bytes, or the inclusive byte range `start`–`end` of them */
  read(key: string, range?: { start: number; end: number }): Promise<Readable>;
  /** removes a file; a missing one is not an error */
  remove(key: string): Promise<void>;
  /**
   * Local disk only: makes a complete file that already lies inside the upload directory (a
   * finished resumable upload, issue 18) visible under `key` by fsync and rename, without copying.
   */
  adopt?(key: string, localPath: string): Promise<void>;
  /** every stored file under {@link STORED_DIRS} */
  list(): AsyncIterable<StoredObjectInfo>;
  /** removes leftovers of interrupted writes; returns how many */
  sweepIncomplete(): Promise<number>;
  close(): Promise<void>;
}

/** Writes a whole buffer or stream under `key` (demo data, avatars, tests). */
export async function putFile(
  store: FileStore,
  key: string,
  body: Buffer | AsyncIterable<Buffer>,
  contentType?: string,
): Promise<void> {
  const w = await store.writer(key, { contentType });
  try {
    if (Buffer.isBuffer(body)) await w.write(body);
    else for await (const chunk of body) await w.write(chunk);
    await w.commit();
  } catch (err) {
    await w.abort();
    throw err;
  }
}

export const KEY = /^[a-z]+\/[A-Za-z0-9_-]+(\.[A-Za-z0-9]{1,8})?$/;
/** keys come from rows the server wrote; anything else (a path outside the store) is refused */
export function checkKey(key: string): string {
  if (!KEY.test(key)) throw new Error(`not a storage key: ${JSON.stringify(key)}`);
  return key;
}

// ---------------------------------------------------------------------------------------------
// local disk

/**
 * The upload directory: a file is written to `tmp/<random>.part`, fsynced and renamed into
 * place, so a crash leaves at most a `.part` file (removed by {@link FileStore.sweepIncomplete}).
 */
export function localFileStore(uploadDir: string): FileStore {
  const tmpDir = path.join(uploadDir, 'tmp');
  const file = (key: string) => path.join(uploadDir, checkKey(key));
  return {
    kind: 'local',
    location: uploadDir,
    async writer(key) {
      const target = file(key);
      await mkdir(tmpDir, { recursive: true });
      const tmp = path.join(tmpDir, `${randomToken(16)}.part`);
      const out = createWriteStream(tmp);
      // a write error (ENOSPC) must not be an unhandled 'error' event: it is remembered and thrown
      let writeError: Error | null = null;
      out.on('error', (err) => {
        writeError ??= err;
      });
      let finished = false;
      return {
        async write(chunk) {
          if (writeError) throw writeError;
          if (!out.write(chunk)) await drainOrError(out);
          if (writeError) throw writeError;
        },
        async commit() {
          await new Promise<void>((resolve, reject) => {
            if (writeError) return reject(writeError);
            out.once('error', reject);
            out.end((err?: Error | null) => (err ? reject(err) : resolve()));
          });
          if (writeError) throw writeError;
          const fh = await open(tmp, 'r');
          await fh.sync();
          await fh.close();
          await mkdir(path.dirname(target), { recursive: true });
          await rename(tmp, target);
          finished = true;
        },
        async abort() {
          if (finished) return;
          out.destroy();
          await unlink(tmp).catch(() => {});
        },
      };
    },
    async stat(key) {
      const info = await stat(file(key)).catch(() => null);
      return info?.isFile() ? { size: info.size, modifiedMs: info.mtimeMs } : null;
    },
    async read(key, range) {
      const fh = await open(file(key), 'r').catch((err: NodeJS.ErrnoException) => {
        throw err.code === 'ENOENT' ? new AppError(404, 'not_found', 'errors.not_found') : err;
      });
      return fh.createReadStream(range ? { start: range.start, end: range.end } : {});
    },
    async remove(key) {
      await unlink(file(key)).catch(() => {});
    },
    async adopt(key, localPath) {
      const target = file(key);
      const fh = await open(localPath, 'r');
      await fh.sync();
      await fh.close();
      await mkdir(path.dirname(target), { recursive: true });
      await rename(localPath, target);
    },
    async *list() {
      // every directory but tmp, as the orphan sweep always did (older files may sit elsewhere),
      // and tus (unfinished resumable uploads, issue 18: they expire by their own sweep)
      const dirs = await readdir(uploadDir, { withFileTypes: true }).catch(() => []);
      for (const d of dirs) {
        if (!d.isDirectory() || d.name === 'tmp' || d.name === 'tus') continue;
        for (const name of await readdir(path.join(uploadDir, d.name)).catch(() => [] as string[])) {
          const info = await stat(path.join(uploadDir, d.name, name)).catch(() => null);
          if (info?.isFile()) yield { key: `${d.name}/${name}`, size: info.size, modifiedMs: info.mtimeMs };
        }
      }
    },
    async sweepIncomplete() {
      const names = await readdir(tmpDir).catch(() => [] as string[]);
      await Promise.all(names.map((n) => unlink(path.join(tmpDir, n)).catch(() => {})));
      return names.length;
    },
    async close() {},
  };
}

function drainOrError(out: NodeJS.WritableStream): Promise<void> {
  return new Promise<void>((resolve) => {
    const done = () => {
      out.off('drain', done);
      out.off('error', done);
      resolve();
    };
    out.once('drain', done);
    out.once('error', done);
  });
}

export interface S3Settings {
  bucket: string;
  /** non-AWS stores (MinIO, Ceph, R2, …): their base URL */
  endpoint?: string;
  forcePathStyle: boolean;
  region: string;
  /** key prefix inside the bucket (`elearn/`), '' for none */
  prefix: string;
  /** unset: the SDK's default chain (AWS_ACCESS_KEY_ID/AWS_SECRET_ACCESS_KEY, profiles, roles) */
  credentials?: { accessKeyId: string; secretAccessKey: string };
}
