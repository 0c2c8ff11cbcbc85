import { createHash } from 'node:crypto';
import type { SiteDocument } from '../site.context.ts';

/** a document with its strong ETag (a hash of the body) */
export function siteDocument(body: string, type: string, lastModified: Date): SiteDocument {
  const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
  return { body, type, etag, lastModified };
}
