/**
 * A text response compressed once, ahead of time (the web app's index.html): brotli and gzip
 * variants and an ETag, picked per request by `Accept-Encoding`, revalidated by `If-None-Match`.
 */
import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

export type Encoding = 'br' | 'gzip';

export interface Precompressed {
  etag: string;
  identity: Buffer;
  br: Buffer;
  gzip: Buffer;
}

export function precompressText(text: string): Precompressed {
  const identity = Buffer.from(text, 'utf8');
  return {
    etag: `"${createHash('sha256').update(identity).digest('base64url').slice(0, 27)}"`,
    identity,
    br: brotliCompressSync(identity, {
      params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY },
    }),
    gzip: gzipSync(identity, { level: 9 }),
  };
}

/** The best of brotli and gzip the client accepts (`q=0` refuses), else null (send it plain). */
export function pickEncoding(acceptEncoding: string | string[] | undefined): Encoding | null {
  const header = Array.isArray(acceptEncoding) ? acceptEncoding.join(',') : (acceptEncoding ?? '');
  const quality = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const value = q ? Number(q.slice(2)) : 1;
    quality.set(name, Number.isFinite(value) ? value : 0);
  }
  const wildcard = quality.get('*') ?? 0;
  const score = (name: Encoding) => quality.get(name) ?? wildcard;
  const best = (['br', 'gzip'] as const).filter((name) => score(name) > 0);
  best.sort((a, b) => score(b) - score(a));
  return best[0] ?? null;
}

/** True when an `If-None-Match` header names this ETag (or `*`). */
export function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(',').some((tag) => {
    const value = tag.trim().replace(/^W\//, '');
    return value === etag || value === '*';
  });
}
