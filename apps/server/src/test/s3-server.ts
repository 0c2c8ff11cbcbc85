import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import type { S3Settings } from '../lib/file-store.ts';

/** s3rver's fixed credentials (it checks the signatures made with them) */
export const S3RVER_KEY = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

export interface TestS3 {
  /** settings of a bucket that exists on this server */
  settings(bucket?: string): S3Settings;
  /** the environment variables of the same settings (server processes) */
  env(bucket?: string): Record<string, string>;
  endpoint: string;
  close(): Promise<void>;
}

/**
 * A real S3-compatible server (s3rver, from npm) on a free loopback port, storing into a
 * temporary directory, with the given buckets. Started by the tests themselves (no service on
 * the machine is needed).
 */
export async function startTestS3(buckets: string[] = ['elearn-test']): Promise<TestS3> {
  const directory = await mkdtemp(path.join(os.tmpdir(), 'elearn-s3rver-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: buckets.map((name) => ({ name, configs: [] })),
  });
  multipartListing(server);
  const address = (await server.run()) as AddressInfo;
  const endpoint = `http://127.0.0.1:${address.port}`;
  const first = buckets[0] ?? 'elearn-test';
  return {
    endpoint,
    settings: (bucket = first) => ({
      bucket,
      endpoint,
      forcePathStyle: true,
      region: 'us-east-1',
      prefix: '',
      credentials: S3RVER_KEY,
    }),
    env: (bucket = first) => ({
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_FORCE_PATH_STYLE: '1',
      AWS_REGION: 'us-east-1',
      AWS_ACCESS_KEY_ID: S3RVER_KEY.accessKeyId,
      AWS_SECRET_ACCESS_KEY: S3RVER_KEY.secretAccessKey,
    }),
    async close() {
      const http = (server as unknown as { httpServer?: Server }).httpServer;
      http?.closeAllConnections();
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}

interface KoaCtx {
  method: string;
  path: string;
  query: Record<string, string | undefined>;
  status: number;
  type: string;
  body: unknown;
}

const xmlEscape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * s3rver stores multipart uploads but does not answer three calls of the S3 API on them:
 * ListParts, ListMultipartUploads and AbortMultipartUpload (issue 18: `@tus/s3-store` resumes
 * with ListParts). They are answered here from s3rver's own files (`<upload id>/key` and the part
 * files `1`, `2`, … with their `.md5`), as S3 answers them.
 */
function multipartListing(server: S3rver) {
  const store = (
    server as unknown as { store: { getResourcePath(b: string, k: undefined, r: string): string } }
  ).store;
  const uploadsOf = (bucket: string) => store.getResourcePath(bucket, undefined, 'uploads');
  const xml = (ctx: KoaCtx, body: string, status = 200) => {
    ctx.status = status;
    ctx.type = 'application/xml';
    ctx.body = `<?xml version="1.0" encoding="UTF-8"?>\n${body}`;
  };
  const middleware = async (ctx: KoaCtx, next: () => Promise<void>) => {
    const [bucket, ...rest] = ctx.path.replace(/^\//, '').split('/').map(decodeURIComponent);
    const key = rest.join('/');
    const uploadId = ctx.query.uploadId;
    if (!bucket) return next();
    if (ctx.method === 'GET' && key && uploadId) {
      const dir = `${uploadsOf(bucket)}/${uploadId}`;
      const names = await readdir(dir).catch(() => null);
      if (!names)
        return xml(ctx, '<Error><Code>NoSuchUpload</Code><Message>No such upload</Message></Error>', 404);
      const numbers = names
        .filter((n) => /^\d+$/.test(n))
        .map(Number)
        .sort((a, b) => a - b);
      const parts = [];
      for (const n of numbers) {
        const info = await stat(`${dir}/${n}`);
        const md5 = await readFile(`${dir}/${n}.md5`, 'utf8').catch(() => '');
        parts.push(
          `<Part><PartNumber>${n}</PartNumber><LastModified>${info.mtime.toISOString()}</LastModified><ETag>"${md5}"</ETag><Size>${info.size}</Size></Part>`,
        );
      }
      return xml(
        ctx,
        `<ListPartsResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/"><Bucket>${xmlEscape(bucket)}</Bucket><Key>${xmlEscape(key)}</Key><UploadId>${uploadId}</UploadId><PartNumberMarker>0</PartNumberMarker><NextPartNumberMarker>${numbers.at(-1) ?? 0}</NextPartNumberMarker><MaxParts>10000</MaxParts><IsTruncated>false</IsTruncated>${parts.join('')}</ListPartsResult>`,
      );
    }
    if (ctx.method === 'GET' && !key && ctx.query.uploads !== undefined) {
      const prefix = ctx.query.prefix ?? '';
      const ids = await readdir(uploadsOf(bucket)).catch(() => [] as string[]);
      const uploads = [];
      for (const id of ids) {
        const k = await readFile(`${uploadsOf(bucket)}/${id}/key`, 'utf8').catch(() => null);
        if (k === null || !k.startsWith(prefix)) continue;
        const info = await stat(`${uploadsOf(bucket)}/${id}/key`);
        uploads.push(
          `<Upload><Key>${xmlEscape(k)}</Key><UploadId>${id}</UploadId><Initiated>${info.mtime.toISOString()}</Initiated></Upload>`,
        );
      }
      return xml(
        ctx,
        `<ListMultipartUploadsResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/"><Bucket>${xmlEscape(bucket)}</Bucket><KeyMarker></KeyMarker><UploadIdMarker></UploadIdMarker><Prefix>${xmlEscape(prefix)}</Prefix><MaxUploads>1000</MaxUploads><IsTruncated>false</IsTruncated>${uploads.join('')}</ListMultipartUploadsResult>`,
      );
    }
    if (ctx.method === 'DELETE' && key && uploadId) {
      await rm(`${uploadsOf(bucket)}/${uploadId}`, { recursive: true, force: true });
      ctx.status = 204;
      ctx.body = null;
      return;
    }
    return next();
  };
  // before s3rver's own router (Koa composes its middleware list when the server starts)
  (server as unknown as { middleware: unknown[] }).middleware.unshift(middleware);
}
