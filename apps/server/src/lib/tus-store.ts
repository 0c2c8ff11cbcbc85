import { createWriteStream } from 'node:fs';
import { link, mkdir, readdir, readFile, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import { type Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { S3 } from '@aws-sdk/client-s3';
import type { DataStore } from '@tus/utils';
import type { S3Settings } from './file-store.ts';

/**
 * Where unfinished resumable uploads (tus 1.0, issue 18) live: under `tus/` of the upload
 * directory (`@tus/file-store`) or of the bucket (`@tus/s3-store`), with their expiry sweep and
 * the reading of a finished one. Knows nothing of what an upload becomes (the chapters module's
 * routes: modules/chapters/chapter-uploads.ts).
 */

/** unfinished uploads expire this long after their creation (Upload-Expires) */
export const UPLOAD_EXPIRY_MS = 24 * 3_600_000;
const MiB = 1024 * 1024;

/** Metadata of the tus `Upload-Metadata` header: `key base64value` pairs separated by commas. */
export function parseMetadata(header: string | undefined): Record<string, string> | null {
  const out: Record<string, string> = {};
  if (!header) return out;
  for (const pair of header.split(',')) {
    const [key, value, extra] = pair.trim().split(' ');
    if (!key || extra !== undefined || !/^[A-Za-z0-9_.-]{1,64}$/.test(key)) return null;
    if (value !== undefined && !/^[A-Za-z0-9+/]*={0,2}$/.test(value)) return null;
    out[key] = value ? Buffer.from(value, 'base64').toString('utf8') : '';
  }
  return out;
}

export interface TusStore {
  datastore: DataStore;
  /** the store's id of an upload from the id in its URL */
  storeId: (id: string) => string;
  /** removes unfinished (and left-over) uploads older than {@link UPLOAD_EXPIRY_MS}; returns how many */
  sweep: (now: number) => Promise<number>;
  /**
   * on the local disk: a new hard link of a finished upload's data file, which the file store
   * renames into place (no copy) while the upload itself stays whole until its row is written:
   * a crash in between leaves an upload that can be finished again
   */
  linkForAdoption?: (id: string) => Promise<string>;
  /** removes an upload (and its link for adoption); never throws */
  drop: (id: string) => Promise<void>;
}

/** The tus store of the upload directory, or of the bucket when `s3` is set. */
export async function openTusStore(uploadDir: string, s3: S3Settings | undefined): Promise<TusStore> {
  return s3 ? openS3TusStore(s3) : openLocalTusStore(path.join(uploadDir, 'tus'));
}

/** A finished upload to store: its bytes as a stream, on the local disk also a link to adopt. */
export interface FinishedUploadFile {
  stream: Readable;
  /** the stream is this complete local file: renamed into place instead of copied */
  adoptFrom?: string;
  /** removes the link for adoption (renamed away, or left by a refusal); never throws */
  release: () => Promise<void>;
}

/** Opens a finished upload for storing it (see {@link FinishedUploadFile}). */
export async function openFinished(store: TusStore, id: string): Promise<FinishedUploadFile> {
  // both stores read a finished upload as a stream (a file, or GetObject's body): never in memory
  const readable = store.datastore as unknown as { read(id: string): Readable | Promise<Readable> };
  // on the local disk the file is read once (type, hash) and a hard link of it renamed into place
  const adoptFrom = await store.linkForAdoption?.(id);
  // renamed away, or left (a refusal; a rename onto the same file keeps its source)
  const release = async () => {
    if (adoptFrom) await unlink(adoptFrom).catch(() => {});
  };
  try {
    return { stream: await readable.read(id), adoptFrom, release };
  } catch (err) {
    await release();
    throw err;
  }
}

async function openLocalTusStore(directory: string): Promise<TusStore> {
  await mkdir(directory, { recursive: true });
  const { FileStore } = await import('@tus/file-store');
  const { ERRORS } = await import('@tus/utils');
  /** as @tus/file-store's write, but a full disk keeps its code (507 instead of tus' 500) */
  class LocalTusStore extends FileStore {
    override async write(readable: Readable, id: string, offset: number): Promise<number> {
      const out = createWriteStream(path.join(directory, id), { flags: 'r+', start: offset });
      let received = 0;
      const count = new Transform({
        transform(chunk: Buffer, _enc, done) {
          received += chunk.length;
          done(null, chunk);
        },
      });
      try {
        await pipeline(readable, count, out);
      } catch (err) {
        const code = (err as { code?: string }).code;
        if (code === 'ENOSPC' || code === 'EDQUOT') throw err;
        // the client went away (or another failure): what arrived stays, the offset says how much
        throw ERRORS.FILE_WRITE_ERROR;
      }
      return offset + received;
    }
  }
  const datastore = new LocalTusStore({ directory, expirationPeriodInMilliseconds: UPLOAD_EXPIRY_MS });
  const adoptionLink = (id: string) => path.join(directory, `${id}.finishing`);
  return {
    datastore,
    storeId: (id) => id,
    async linkForAdoption(id) {
      const to = adoptionLink(id);
      await unlink(to).catch(() => {});
      await link(path.join(directory, id), to);
      return to;
    },
    async drop(id) {
      await unlink(path.join(directory, id)).catch(() => {});
      await unlink(path.join(directory, `${id}.json`)).catch(() => {});
      await unlink(adoptionLink(id)).catch(() => {});
    },
    sweep: (now) => sweepDirectory(directory, now),
  };
}

/**
 * every upload (finished ones are moved at once; one left by a crash goes too) created before
 * the limit: its data file and its `.json`; stray files by their modification time
 */
async function sweepDirectory(directory: string, now: number): Promise<number> {
  const limit = now - UPLOAD_EXPIRY_MS;
  let removed = 0;
  for (const name of await readdir(directory).catch(() => [] as string[])) {
    const file = path.join(directory, name);
    if (name.endsWith('.json')) {
      const info = await readFile(file, 'utf8')
        .then((t) => JSON.parse(t) as { creation_date?: string })
        .catch(() => null);
      const created = info?.creation_date ? Date.parse(info.creation_date) : 0;
      if (created > limit) continue;
      await unlink(file).catch(() => {});
      await unlink(file.slice(0, -'.json'.length)).catch(() => {});
      removed++;
      continue;
    }
    const s = await stat(file).catch(() => null);
    const hasInfo = await stat(`${file}.json`).then(
      () => true,
      () => false,
    );
    if (s?.isFile() && !hasInfo && s.mtimeMs < limit) {
      await unlink(file).catch(() => {});
      removed++;
    }
  }
  return removed;
}

async function openS3TusStore(s3: S3Settings): Promise<TusStore> {
  const { S3Store } = await import('@tus/s3-store');
  const prefix = `${s3.prefix}tus/`;
  class PrefixedS3Store extends S3Store {
    /**
     * As tus' write, but an upload whose multipart upload was completed already (its finishing
     * was cut short: a shutdown, a crash) takes an empty write at its full offset instead of
     * failing with NoSuchUpload, so that it can be finished
     */
    override async write(readable: Readable, id: string, offset: number): Promise<number> {
      try {
        return await super.write(readable, id, offset);
      } catch (err) {
        const name = (err as { name?: string; Code?: string }).name ?? (err as { Code?: string }).Code;
        if (name !== 'NoSuchUpload' && name !== 'NoSuchKey') throw err;
        const { file } = await this.getMetadata(id);
        if (file.size === undefined || offset !== file.size) throw err;
        // the assembled object is there (else the store's error stands)
        await this.client.headObject({ Bucket: this.bucket, Key: id });
        readable.resume();
        return offset;
      }
    }

    /** tus' own expiry lists every multipart upload of the bucket; ours only those under `tus/` */
    sweepPrefix(now: number): Promise<number> {
      return sweepBucket(this.client, this.bucket, prefix, now - UPLOAD_EXPIRY_MS);
    }
  }
  const datastore = new PrefixedS3Store({
    partSize: 8 * MiB,
    // expiry by tags needs tagging, which not every S3-compatible store offers; our sweep lists
    useTags: false,
    expirationPeriodInMilliseconds: UPLOAD_EXPIRY_MS,
    s3ClientConfig: {
      bucket: s3.bucket,
      region: s3.region,
      endpoint: s3.endpoint,
      forcePathStyle: s3.forcePathStyle,
      credentials: s3.credentials,
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      maxAttempts: 3,
    },
  });
  return {
    datastore,
    storeId: (id) => `${prefix}${id}`,
    sweep: (now) => datastore.sweepPrefix(now),
    drop: (id) => datastore.remove(id).catch(() => {}),
  };
}

/** the multipart uploads under `prefix` initiated before `limit`, then its old objects */
async function sweepBucket(client: S3, bucket: string, prefix: string, limit: number): Promise<number> {
  let removed = 0;
  let KeyMarker: string | undefined;
  let UploadIdMarker: string | undefined;
  do {
    const page = await client.listMultipartUploads({
      Bucket: bucket,
      Prefix: prefix,
      KeyMarker,
      UploadIdMarker,
    });
    for (const u of page.Uploads ?? []) {
      if (!u.Key || !u.UploadId || (u.Initiated?.getTime() ?? 0) > limit) continue;
      await client.abortMultipartUpload({ Bucket: bucket, Key: u.Key, UploadId: u.UploadId }).catch(() => {});
      removed++;
    }
    KeyMarker = page.IsTruncated ? page.NextKeyMarker : undefined;
    UploadIdMarker = page.IsTruncated ? page.NextUploadIdMarker : undefined;
  } while (KeyMarker);
  // the `.info` and `.part` objects (and an upload left complete by a crash)
  let ContinuationToken: string | undefined;
  do {
    const page = await client.listObjectsV2({
      Bucket: bucket,
      Prefix: prefix,
      ContinuationToken,
    });
    const old = (page.Contents ?? []).filter((o) => o.Key && (o.LastModified?.getTime() ?? 0) <= limit);
    for (const o of old) {
      await client.deleteObject({ Bucket: bucket, Key: o.Key! }).catch(() => {});
      if (o.Key!.endsWith('.info')) removed++;
    }
    ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
  } while (ContinuationToken);
  return removed;
}
