import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** A CSPRNG token, base64url; 24 bytes = 192 bits = 32 characters. */
export const randomToken = (bytes = 24): string => randomBytes(bytes).toString('base64url');

export const sha256Hex = (value: string): string => createHash('sha256').update(value).digest('hex');

export const sha1Hex = (value: string): string => createHash('sha1').update(value).digest('hex');

export const hmacHex = (key: string, value: string): string =>
  createHmac('sha256', key).update(value).digest('hex');

/** Constant-time string comparison (lengths may differ). */
export function safeEqual(a: string, b: string): boolean {
  const ab = Buffer.from(a);
  const bb = Buffer.from(b);
  if (ab.length !== bb.length) {
    timingSafeEqual(ab, ab);
    return false;
  }
  return timingSafeEqual(ab, bb);
}
