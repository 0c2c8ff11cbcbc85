import type { IncomingMessage } from 'node:http';
import type { Locale } from '@elearn/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { TusStore } from '../../lib/tus-store.ts';
import type { AuthUser } from '../../plugins/session.ts';
import type { ChaptersService } from './chapters.service.ts';

/** What the parts of the resumable uploads (chapter-uploads.ts) share. */

export const TUS_PATH = '/api/chapters/uploads';
export const MiB = 1024 * 1024;

/** the tus extensions this server offers (docs/api/uploads.md; no deferred length, no upload with creation) */
export const TUS_EXTENSIONS = ['creation', 'termination', 'expiration'] as const;

/** the upload's id in the URL: random, URL-safe */
export const ID = /^[A-Za-z0-9_-]{16,64}$/;

/** the id in an upload's URL from the store's id */
export const urlId = (id: string) => id.slice(id.lastIndexOf('/') + 1);

/** the Fastify request's caller, for the tus server's hooks */
export interface TusCtx {
  user: AuthUser;
  locale: Locale;
}

export type TusRequest = { runtime?: { node?: { req: IncomingMessage } } };

export interface UploadsContext {
  log: FastifyBaseLogger;
  chapters: ChaptersService;
  store: TusStore;
  maxVideoMb: number;
  maxDocMb: number;
  /** the caller of each request handed over to tus (by its Node request) */
  contexts: WeakMap<IncomingMessage, TusCtx>;
}

/** the caller of a request tus hands to its hooks */
export const ctxOf = (ctx: UploadsContext, req: unknown) => {
  const raw = (req as TusRequest).runtime?.node?.req;
  const found = raw ? ctx.contexts.get(raw) : undefined;
  if (!found) throw new Error('tus request without its Fastify context');
  return found;
};

/** the largest upload of a kind, in bytes */
export const limitOf = (ctx: UploadsContext, kind: string | null | undefined) =>
  (kind === 'doc' ? ctx.maxDocMb : ctx.maxVideoMb) * MiB;
