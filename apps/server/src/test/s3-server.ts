import { mkdtemp, rm } from 'node:fs/promises';
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
