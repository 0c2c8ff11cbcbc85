import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { CONSENT_COOKIE, isKnownPagePath, parseConsent, seminarSlugOfPage, t } from '@elearn/shared';

/** the language cookie the web app writes (apps/web/src/lib/locale.ts) */
const LOCALE_COOKIE = 'i18n_redirected';

import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { AppConfig } from '../config.ts';
import { AppError } from '../errors.ts';
import { createAppPages } from '../lib/app-pages.ts';
import type { CacheBus } from '../lib/cache-bus.ts';
import {
  createPageRenderer,
  hasServerEntry,
  type PageRenderer,
  type RenderedPage,
} from '../lib/page-renderer.ts';
import { type Encoding, matchesEtag, type Precompressed, pickEncoding } from '../lib/precompressed.ts';
import { memoryRateCounter, type RateCounter } from '../lib/rate-counter.ts';
import { TtlCache } from '../lib/ttl-cache.ts';
import { allowedMethods, sendError, sendMethodNotAllowed } from './errors.ts';
import type { AuthUser } from './session.ts';

/** Answers a page of the web app with its index.html (or 404 without a built web app). */
export type ServeAppPage = (reply: FastifyReply, status?: number) => FastifyReply | Promise<FastifyReply>;

declare module 'fastify' {
  interface FastifyInstance {
    /** a page of the web app as an answer (plugins/web-app.ts) */
    serveAppPage: ServeAppPage;
    /** the pages are rendered on the server, which then decides a page's 404 itself */
    rendersPages: boolean;
  }
}

/**
 * The built web app: hashed assets as static files (precompressed .br/.gz beside them, see
 * apps/web/build/precompress.ts), every page route answered by index.html (`app.serveAppPage`).
 */
/** a rendered page as it is sent: its ETag, and its compressed forms as they are made */
interface HtmlPage {
  html: string;
  etag: string;
  compressed: Partial<Record<Encoding, Buffer>>;
}
type CachedPage =
  | Exclude<RenderedPage, { kind: 'page' }>
  | (Extract<RenderedPage, { kind: 'page' }> & HtmlPage);

/** the changes a guest's page may show: seminars, their catalogue, chapters and their media */
const GUEST_PAGE_TOPICS = ['seminars.catalogue', 'seminars.guest-catalogue', 'chapters.trees'] as const;

export const webAppPlugin = fp(
  async (app: FastifyInstance, opts: { config: AppConfig; cacheBus: CacheBus }) => {
    const { config } = opts;
    const guestPages = guestPageCache(config, opts.cacheBus);
    let appPages: ReturnType<typeof createAppPages> | null = null;
    let renderer: PageRenderer | null = null;
    const webDist = config.webDist;
    if (webDist && existsSync(path.join(webDist, 'index.html'))) {
      appPages = createAppPages(webDist);
      if (hasServerEntry(webDist))
        renderer = await createPageRenderer(app, {
          webDist,
          origin: (req) => (config.appUrlFollowsRequest ? `${req.protocol}://${req.host}` : config.appUrl),
        });
      await app.register(fastifyStatic, {
        root: webDist,
        index: false,
        wildcard: true,
        serveDotFiles: false,
        preCompressed: true,
        setHeaders: (res, filePath) => {
          res.header('Vary', 'Accept-Encoding');
          res.header(
            'Cache-Control',
            filePath.includes(`${path.sep}assets${path.sep}`)
              ? 'public, max-age=31536000, immutable'
              : 'public, max-age=0, must-revalidate',
          );
        },
      });
    }

    /** The page for this request: a guest's from the kept pages when there, else rendered. */
    const renderFor = async (req: FastifyRequest, status: number) => {
      const render = async (): Promise<CachedPage> => {
        const page = await renderer!.render(req, { noindex: req.user !== null || status !== 200 });
        return page.kind === 'page' ? { ...page, etag: weakEtag(page.html), compressed: {} } : page;
      };
      if (!guestPages || req.user !== null) return render();
      // what makes one guest's page differ from another's: the address and the consent cookie
      // and the language cookie (`/` follows it to `/en`)
      const consent = `${JSON.stringify(parseConsent(req.cookies[CONSENT_COOKIE]))} ${req.cookies[LOCALE_COOKIE] ?? ''}`;
      // only pages are kept: a redirect may follow another cookie (the language's, at `/`)
      return guestPages.get(
        `${status} ${req.url} ${consent}`,
        render,
        // and never a page the API rendered for someone (a guard against a session the page
        // request did not see)
        // and only the shop window's pages (the indexable ones: their changes are announced); a
        // certificate's or a token's page shows what no topic announces
        (page) => page.kind === 'page' && page.cookies.length === 0 && !page.forUser && page.indexable,
      );
    };

    const serveAppPage: ServeAppPage = async (reply, status = 200) => {
      if (!appPages) return sendError(reply, 404, { message: 'Not found', code: 'route_not_found' });
      const req = reply.request;
      const pathname = req.url.split('?')[0] ?? '/';
      if (!renderer) return sendHtml(reply, status, appPages.forPage(pathname));
      let page: Awaited<ReturnType<typeof renderFor>>;
      try {
        page = await renderFor(req, status);
      } catch (error) {
        req.log.error({ err: error }, 'rendering the page failed');
        return sendHtml(reply, 500, appPages.failed(pathname));
      }
      const cookies = lastOfEachName(page.cookies);
      if (cookies.length) reply.header('Set-Cookie', cookies);
      if (page.kind === 'redirect') {
        return reply
          .code(page.status)
          .header('Location', page.location)
          .header('Cache-Control', 'no-store')
          .send();
      }
      // the server's own verdict (an unknown path, a hidden seminar) stands over the page's
      const final = status === 200 ? page.status : status;
      return sendHtml(reply, final, page);
    };
    app.decorate('serveAppPage', serveAppPage);
    app.decorate('rendersPages', renderer !== null);

    if (appPages) app.get('/', { schema: { hide: true } }, async (_req, reply) => serveAppPage(reply));
  },
);

/**
 * A guest's pages are the same for every guest with the same consent cookie: kept, dropped here
 * and on every instance at a change of what they show (docs/decisions/web.md); null when off.
 */
function guestPageCache(config: AppConfig, cacheBus: CacheBus) {
  if (config.guestPageCacheMs <= 0) return null;
  return new TtlCache<CachedPage>(
    config.guestPageCacheMs,
    500,
    Date.now,
    { bus: cacheBus, topic: 'pages.guest', follows: GUEST_PAGE_TOPICS },
    // past its lifetime a page is answered while it is rendered anew; a change drops it
    true,
  );
}

/**
 * Sends a page's HTML, compressed as the client accepts, revalidated by its ETag: the shell
 * (compressed at start) or a rendered page (compressed once per encoding, then kept with it).
 */
function sendHtml(reply: FastifyReply, status: number, page: Precompressed | HtmlPage) {
  // per visitor (their session's data is in it): never kept by a shared cache
  reply
    .code(status)
    .type('text/html; charset=utf-8')
    .header('Cache-Control', 'private, no-cache')
    .header('ETag', page.etag)
    .header('Vary', 'Accept-Encoding, Cookie');
  if (status === 200 && matchesEtag(reply.request.headers['if-none-match'], page.etag)) {
    return reply.code(304).send();
  }
  const encoding = pickEncoding(reply.request.headers['accept-encoding']);
  if ('identity' in page) {
    if (!encoding) return reply.send(page.identity);
    return reply.header('Content-Encoding', encoding).send(page[encoding]);
  }
  if (!encoding) return reply.send(page.html);
  page.compressed[encoding] ??= compress(page.html, encoding);
  return reply.header('Content-Encoding', encoding).send(page.compressed[encoding]);
}

/** A rendered page's ETag: its content's hash (weak: the same page in another encoding). */
function weakEtag(body: string): string {
  return `W/"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
}

/** A rendered page compressed for this answer: fast settings, it is made per request. */
function compress(body: string, encoding: Encoding): Buffer {
  return encoding === 'br'
    ? brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } })
    : gzipSync(body, { level: 6 });
}

/** The Set-Cookie headers of the page's API calls, the last one of each cookie. */
function lastOfEachName(cookies: string[]): string[] {
  const byName = new Map<string, string>();
  for (const cookie of cookies) byName.set(cookie.slice(0, cookie.indexOf('=')), cookie);
  return [...byName.values()];
}

export interface NotFoundOptions {
  config: AppConfig;
  rateCounter: RateCounter;
  now?: () => number;
  /** the public seminar of a page (the seminars service's `get`); rejects with a 404 AppError */
  findSeminar: (user: AuthUser | null, slug: string) => Promise<unknown>;
}

/**
 * Everything no route answers: the pages of the web app (the SPA fallback, a 404 page for an
 * unknown path or seminar), 405 with Allow for a known API path, 404 for an unknown one; too
 * many misses from one address are 429.
 */
export const notFoundPlugin = fp(async (app: FastifyInstance, opts: NotFoundOptions) => {
  const { config, rateCounter } = opts;
  // pages never wait for Redis: they count in this process; unknown API paths count in the shared
  // counter and, while it is away, in this process (docs/decisions.md "Faults")
  const local404 = memoryRateCounter(opts.now);
  app.addHook('onClose', () => local404.close());
  app.setNotFoundHandler(async (req, reply) => {
    const pathname = req.url.split('?')[0] ?? '/';
    const isPage =
      !(pathname.startsWith('/api/') || pathname === '/api') && ['GET', 'HEAD'].includes(req.method);
    const key = `404:${req.ip}`;
    const { count } = isPage
      ? await local404.hit(key, 60)
      : await rateCounter.hit(key, 60).catch(() => local404.hit(key, 60));
    if (count > 300 * config.rateLimitFactor) {
      reply.header('Retry-After', '60');
      return sendError(reply, 429, {
        message: t(req.locale, 'errors.rate_limited', { seconds: 60 }),
        code: 'rate_limited',
      });
    }
    if (!isPage) {
      // a known path asked with a method it does not take: 405 with Allow (HTTP's convention)
      const allow = allowedMethods(app, pathname);
      if (allow.length) return sendMethodNotAllowed(reply, allow);
      return sendError(reply, 404, {
        message: t(req.locale, 'errors.route_not_found'),
        code: 'route_not_found',
      });
    }
    // an unknown (or hidden) seminar slug is a missing page, as the page itself will say
    const slug = seminarSlugOfPage(pathname);
    // a rendered page answers 404 for its missing seminar itself (its loader), and a guest's page
    // may come from the kept pages without asking the database at all
    if (slug !== null && app.rendersPages) return app.serveAppPage(reply, 200);
    if (slug !== null) {
      const found = await opts.findSeminar(req.user, slug).then(
        () => true,
        (error: unknown) => {
          if (error instanceof AppError && error.status === 404) return false;
          throw error;
        },
      );
      return app.serveAppPage(reply, found ? 200 : 404);
    }
    return app.serveAppPage(reply, isKnownPagePath(pathname) ? 200 : 404);
  });
});
