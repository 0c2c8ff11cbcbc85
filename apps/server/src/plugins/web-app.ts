import { existsSync } from 'node:fs';
import path from 'node:path';
import { CONSENT_COOKIE, isKnownPagePath, seminarSlugOfPage, t } from '@elearn/shared';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import type { AppConfig } from '../config.ts';
import { AppError } from '../errors.ts';
import { createAppPages } from '../lib/app-pages.ts';
import { createPagePreloads } from '../lib/page-preloads.ts';
import { matchesEtag, pickEncoding } from '../lib/precompressed.ts';
import { memoryRateCounter, type RateCounter } from '../lib/rate-counter.ts';
import { allowedMethods, sendError, sendMethodNotAllowed } from './errors.ts';
import type { AuthUser } from './session.ts';

/**
 * Answers a page of the web app with its index.html (or 404 without a built web app).
 * `seminarSlug`: the page is that public seminar's (`seminarSlugOfPage`, resolved by the route)
 */
export type ServeAppPage = (
  reply: FastifyReply,
  status?: number,
  seminarSlug?: string | null,
) => FastifyReply | Promise<FastifyReply>;

declare module 'fastify' {
  interface FastifyInstance {
    /** a page of the web app as an answer (plugins/web-app.ts) */
    serveAppPage: ServeAppPage;
  }
}

/**
 * The built web app: hashed assets as static files (precompressed .br/.gz beside them, see
 * apps/web/build/precompress.ts), every page route answered by index.html (`app.serveAppPage`).
 */
export const webAppPlugin = fp(async (app: FastifyInstance, opts: { config: AppConfig }) => {
  const { config } = opts;
  let appPages: ReturnType<typeof createAppPages> | null = null;
  const webDist = config.webDist;
  if (webDist && existsSync(path.join(webDist, 'index.html'))) {
    appPages = createAppPages(webDist, { drawConsent: config.matomo === null });
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
  const pagePreloads = createPagePreloads(appPages ? (webDist ?? undefined) : undefined);
  const serveAppPage: ServeAppPage = (reply, status = 200, seminarSlug = null) => {
    if (!appPages) return sendError(reply, 404, { message: 'Not found', code: 'route_not_found' });
    const pathname = reply.request.url.split('?')[0] ?? '/';
    if (status === 200) {
      const links = pagePreloads.forPage(pathname, reply.request.user, seminarSlug);
      if (links) reply.header('Link', links);
    }
    // the page's language and first frame; the frame shows the banner and, to a guest, the cookie
    // notice by the consent cookie
    const indexHtml = appPages.forPage(pathname, reply.request.cookies[CONSENT_COOKIE], !reply.request.user);
    // revalidated on every load (ETag), so a new build's hashed assets are picked up at once
    reply
      .code(status)
      .type('text/html; charset=utf-8')
      .header('Cache-Control', 'no-cache')
      .header('ETag', indexHtml.etag)
      .header('Vary', 'Accept-Encoding, Cookie');
    if (status === 200 && matchesEtag(reply.request.headers['if-none-match'], indexHtml.etag)) {
      return reply.code(304).send();
    }
    const encoding = pickEncoding(reply.request.headers['accept-encoding']);
    if (!encoding) return reply.send(indexHtml.identity);
    return reply.header('Content-Encoding', encoding).send(indexHtml[encoding]);
  };
  app.decorate('serveAppPage', serveAppPage);

  if (appPages) app.get('/', { schema: { hide: true } }, async (_req, reply) => serveAppPage(reply));
});

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
    if (slug !== null) {
      const found = await opts.findSeminar(req.user, slug).then(
        () => true,
        (error: unknown) => {
          if (error instanceof AppError && error.status === 404) return false;
          throw error;
        },
      );
      return app.serveAppPage(reply, found ? 200 : 404, slug);
    }
    return app.serveAppPage(reply, isKnownPagePath(pathname) ? 200 : 404);
  });
});
