import { PassThrough, type Readable } from 'node:stream';
import type { S3Client } from '@aws-sdk/client-s3';
import { AppError, ConfigError } from '../errors.ts';
import {
  checkKey,
  type FileStore,
  type FileWriter,
  KEY,
  type S3Settings,
  STORED_DIRS,
} from './file-store.ts';

// S3-compatible object storage (issue 15); loaded only when S3_BUCKET is set (lib/file-store.ts)

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

/**
 * The SDK, loaded on first use: the server is bundled into one file, where a static import of the
 * SDK would load it at every start, bucket or not.
 */
const sdk = async () => {
  const [s3, storage] = await Promise.all([import('@aws-sdk/client-s3'), import('@aws-sdk/lib-storage')]);
  return { ...s3, Upload: storage.Upload };
};

export async function s3Client(s: S3Settings): Promise<S3Client> {
  const { S3Client } = await sdk();
  return new S3Client({
    region: s.region,
    endpoint: s.endpoint,
    forcePathStyle: s.forcePathStyle,
    credentials: s.credentials,
    followRegionRedirects: true,
    // checksums only where the API requires them: S3-compatible stores differ in which of the
    // SDK's newer checksum headers and aws-chunked trailers they accept (docs/decisions.md)
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
export async function s3FileStore(s: S3Settings): Promise<FileStore & { check(): Promise<void> }> {
  const client = await s3Client(s);
  const {
    DeleteObjectCommand,
    GetObjectCommand,
    HeadBucketCommand,
    HeadObjectCommand,
    ListObjectsV2Command,
    Upload,
  } = await sdk();
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
        throw new ConfigError([
          `S3_BUCKET: the bucket ${Bucket}${s.endpoint ? ` at ${s.endpoint}` : ''} ${why}`,
        ]);
      }
    },
    async writer(key, opts = {}) {
      return s3Writer(
        client,
        Upload,
        { Bucket, Key: Key(key), ContentType: opts.contentType },
        opts.maxBytes,
      );
    },
    async stat(key) {
      const k = Key(key);
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket, Key: k }));
        return { size: head.ContentLength ?? 0, modifiedMs: head.LastModified?.getTime() ?? 0 };
      } catch (err) {
        if (isMissing(err)) return null;
        throw storageUnavailable(err);
      }
    },
    async read(key, range) {
      const k = Key(key);
      try {
        const res = await client.send(
          new GetObjectCommand({
            Bucket,
            Key: k,
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
      const k = Key(key);
      try {
        await client.send(new DeleteObjectCommand({ Bucket, Key: k }));
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

type Sdk = Awaited<ReturnType<typeof sdk>>;

/**
 * A writer of one object: the bytes go through a PassThrough into lib-storage's multipart upload;
 * a failure of the upload fails the next write (or the commit) with the store's error.
 */
async function s3Writer(
  client: S3Client,
  Upload: Sdk['Upload'],
  params: { Bucket: string; Key: string; ContentType?: string },
  maxBytes?: number,
): Promise<FileWriter> {
  const body = new PassThrough({ highWaterMark: MiB });
  // an abort destroys the body with an error; the SDK sees it through its reader and `done`
  body.on('error', () => undefined);
  const upload = new Upload({
    client,
    params: { Bucket: params.Bucket, Key: params.Key, Body: body, ContentType: params.ContentType },
    queueSize: 2,
    partSize: partSizeFor(maxBytes),
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
      // the SDK's reader fails and it aborts the multipart upload (if one was begun); the
      // abort signal settles `done` even while a part's request hangs
      if (!ended) body.destroy(new Error('upload aborted'));
      await upload.abort();
      await done;
    },
  };
}
