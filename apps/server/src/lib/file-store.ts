import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, open, readdir, rename, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import { PassThrough, type Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  S3Client,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { AppError } from '../errors.ts';
import { randomToken } from './crypto.ts';

/**
 * Where every stored file lives (issue 15): the local upload directory (the default) or an
 * S3-compatible bucket. Keys are `<dir>/<name>` as the rows name them (`videos/abc.mp4`); only the
 * directories below are ever written, listed or swept, so a bucket may hold other things too.
 */
export const STORED_DIRS = ['avatars', 'docs', 'seminars', 'videos'] as const;

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

const KEY = /^[a-z]+\/[A-Za-z0-9_-]+(\.[A-Za-z0-9]{1,8})?$/;
/** keys come from rows the server wrote; anything else (a path outside the store) is refused */
function checkKey(key: string): string {
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
      return createReadStream(file(key), range ? { start: range.start, end: range.end } : {});
    },
    async remove(key) {
      await unlink(file(key)).catch(() => {});
    },
    async *list() {
      // every directory but tmp, as the orphan sweep always did (older files may sit elsewhere)
      const dirs = await readdir(uploadDir, { withFileTypes: true }).catch(() => []);
      for (const d of dirs) {
        if (!d.isDirectory() || d.name === 'tmp') continue;
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

// ---------------------------------------------------------------------------------------------
// S3-compatible object storage

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

const MiB = 1024 * 1024;
/** S3 allows 10,000 parts of at least 5 MiB; parts are sized so that `maxBytes` fits in 9,000 */
export const partSizeFor = (maxBytes = 0) => Math.max(5 * MiB, Math.ceil(maxBytes / 9000 / MiB) * MiB);

const s3Status = (err: unknown) =>
  (err as { $metadata?: { httpStatusCode?: number } })?.$metadata?.httpStatusCode;
const s3Name = (err: unknown) => (err as { name?: string; Code?: string })?.name ?? '';
const isMissing = (err: unknown) => ['NoSuchKey', 'NotFound'].includes(s3Name(err)) || s3Status(err) === 404;

/** The store said it is full (507, MinIO's XMinioStorageFull, a quota): nothing was kept. */
const isStoreFull = (err: unknown) =>
  s3Status(err) === 507 || /StorageFull|QuotaExceeded|InsufficientStorage/i.test(s3Name(err));

/** Any other failure of the store: 503 with Retry-After, logged once per interval as an outage. */
export function storageUnavailable(cause: unknown): AppError {
  if (cause instanceof AppError) return cause;
  if (isStoreFull(cause)) {
    const full = new AppError(507, 'storage_full', 'errors.storage_full', undefined, undefined, {
      'retry-after': '60',
    });
    full.cause = cause;
    full.logKind = 'storage_full';
    return full;
  }
  const err = new AppError(503, 'service_unavailable', 'errors.service_unavailable', undefined, undefined, {
    'retry-after': '5',
  });
  err.cause = cause;
  err.logKind = 'storage_unavailable';
  return err;
}

export function s3Client(s: S3Settings): S3Client {
  return new S3Client({
    region: s.region,
    endpoint: s.endpoint,
    forcePathStyle: s.forcePathStyle,
    credentials: s.credentials,
    followRegionRedirects: true,
    // checksums only where the API requires them: S3-compatible stores differ in which of the
    // newer checksum headers and aws-chunked trailers they accept; TLS and Content-MD5-free ETags
    // (compared on multipart completion) cover transport integrity
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    maxAttempts: 3,
  });
}

/**
 * A bucket. Uploads stream through `@aws-sdk/lib-storage` (multipart, at most two parts in
 * flight plus the one being filled, so a 2 GB video needs about 3 × 5 MiB of memory and no
 * local disk); reads pass a byte range to GetObject. Objects appear atomically on completion, so
 * an interrupted upload leaves no object; its parts are aborted by the SDK, and a bucket
 * lifecycle rule (`AbortIncompleteMultipartUpload`) removes what a killed process left.
 */
export function s3FileStore(
  s: S3Settings,
  client: S3Client = s3Client(s),
): FileStore & { check(): Promise<void> } {
  const Bucket = s.bucket;
  const prefix = s.prefix;
  const Key = (key: string) => `${prefix}${checkKey(key)}`;
  return {
    kind: 's3',
    location: `s3://${Bucket}/${prefix}`,
    /** fails fast at start when the bucket is missing or the credentials are wrong */
    async check() {
      try {
        await client.send(new HeadBucketCommand({ Bucket }));
      } catch (err) {
        const status = s3Status(err);
        const why =
          status === 404
            ? 'does not exist'
            : status === 403 || status === 401
              ? 'refuses these credentials'
              : `is not reachable (${s3Name(err) || (err as Error).message})`;
        throw new Error(`S3_BUCKET: the bucket ${Bucket}${s.endpoint ? ` at ${s.endpoint}` : ''} ${why}`);
      }
    },
    async writer(key, opts = {}) {
      const body = new PassThrough({ highWaterMark: MiB });
      const upload = new Upload({
        client,
        params: { Bucket, Key: Key(key), Body: body, ContentType: opts.contentType },
        queueSize: 2,
        partSize: partSizeFor(opts.maxBytes),
        leavePartsOnError: false,
      });
      let failure: unknown = null;
      const done = upload.done().then(
        () => undefined,
        (err: unknown) => {
          failure ??= err;
          // a writer waiting for 'drain' is released by the close
          body.destroy();
        },
      );
      let ended = false;
      return {
        async write(chunk) {
          if (failure) throw storageUnavailable(failure);
          if (!body.write(chunk))
            await new Promise<void>((resolve) => {
              const go = () => {
                body.off('drain', go);
                body.off('close', go);
                resolve();
              };
              body.once('drain', go);
              body.once('close', go);
            });
          if (failure) throw storageUnavailable(failure);
        },
        async commit() {
          ended = true;
          body.end();
          await done;
          if (failure) throw storageUnavailable(failure);
        },
        async abort() {
          // the SDK's reader fails, it aborts the multipart upload (if one was begun), done settles
          if (!ended) body.destroy(new Error('upload aborted'));
          await done;
        },
      };
    },
    async stat(key) {
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket, Key: Key(key) }));
        return { size: head.ContentLength ?? 0, modifiedMs: head.LastModified?.getTime() ?? 0 };
      } catch (err) {
        if (isMissing(err)) return null;
        throw storageUnavailable(err);
      }
    },
    async read(key, range) {
      try {
        const res = await client.send(
          new GetObjectCommand({
            Bucket,
            Key: Key(key),
            ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
          }),
        );
        return res.Body as Readable;
      } catch (err) {
        if (isMissing(err)) throw new AppError(404, 'not_found', 'errors.not_found');
        throw storageUnavailable(err);
      }
    },
    async remove(key) {
      try {
        await client.send(new DeleteObjectCommand({ Bucket, Key: Key(key) }));
      } catch (err) {
        // a file left behind is found by the orphan sweep; the row's change stands
        if (!isMissing(err)) throw storageUnavailable(err);
      }
    },
    async *list() {
      for (const dir of STORED_DIRS) {
        let ContinuationToken: string | undefined;
        do {
          const page = await client.send(
            new ListObjectsV2Command({ Bucket, Prefix: `${prefix}${dir}/`, ContinuationToken }),
          );
          for (const o of page.Contents ?? []) {
            if (!o.Key) continue;
            const key = o.Key.slice(prefix.length);
            if (KEY.test(key)) yield { key, size: o.Size ?? 0, modifiedMs: o.LastModified?.getTime() ?? 0 };
          }
          ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
        } while (ContinuationToken);
      }
    },
    async sweepIncomplete() {
      // nothing half-written is visible in a bucket; left-over multipart parts are the bucket's
      // lifecycle rule's job (README, "Deploying")
      return 0;
    },
    async close() {
      client.destroy();
    },
  };
}
