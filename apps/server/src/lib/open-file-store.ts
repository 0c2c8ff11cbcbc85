import { mkdir } from 'node:fs/promises';
import { type FileStore, localFileStore, type S3Settings } from './file-store.ts';

/**
 * The file store of the configuration: the bucket when `s3` is given (the AWS SDK is loaded only
 * then, and the bucket is checked so that a wrong name or key fails the start with a clear
 * message), otherwise the upload directory.
 */
export async function openFileStore(s3: S3Settings | undefined, uploadDir: string): Promise<FileStore> {
  if (!s3) {
    await mkdir(uploadDir, { recursive: true });
    return localFileStore(uploadDir);
  }
  const { s3FileStore } = await import('./s3-file-store.ts');
  const bucket = await s3FileStore(s3);
  try {
    await bucket.check();
  } catch (err) {
    await bucket.close();
    throw err;
  }
  return bucket;
}
