import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { CONSENT_COOKIE, isKnownPagePath, seminarSlugOfPage, t } from '@elearn/shared';
import fastifyCompress from '@fastify/compress';
import fastifyMultipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import { sql } from 'drizzle-orm';
import Fastify, {
  type FastifyContextConfig,
  type FastifyInstance,
  type FastifyReply,
  type FastifySchema,
  LogController,
} from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import helmet from 'helmet';
import type { ZodObject } from 'zod';
import type { AppConfig } from './config.ts';
import { type Database, openDatabase } from './db/client.ts';
import { storedFilePaths } from './db/stored-files.ts';
import { AppError } from './errors.ts';
import { type AfterResponse, createAfterResponse } from './lib/after-response.ts';
import { createAppPages } from './lib/app-pages.ts';
import { localCacheBus, pgCacheBus } from './lib/cache-bus.ts';
import type { FileStore } from './lib/file-store.ts';
import { redactUrl, serializeError } from './lib/log-redaction.ts';
import { openFileStore } from './lib/open-file-store.ts';
import { createPagePreloads } from './lib/page-preloads.ts';
import { matchesEtag, pickEncoding } from './lib/precompressed.ts';
import { memoryRateCounter, type RateCounter, redisRateCounter } from './lib/rate-counter.ts';
import { sweepOrphans, sweepTmp } from './lib/storage.ts';
import { adminRoutes } from './modules/admin/admin.routes.ts';
import { createAdminService } from './modules/admin/admin.service.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { createAuthService } from './modules/auth/auth.service.ts';
import { chapterUploadRoutes, type TusUploads } from './modules/chapters/chapter-uploads.ts';
import { chapterRoutes } from './modules/chapters/chapters.routes.ts';
import { createChaptersService } from './modules/chapters/chapters.service.ts';
import { companiesRepository } from './modules/companies/companies.repository.ts';
import { companyRoutes } from './modules/companies/companies.routes.ts';
import { createCompaniesService } from './modules/companies/companies.service.ts';
import { createEnrolmentsService } from './modules/enrolments/enrolments.service.ts';
import { graduateRoutes } from './modules/graduate/graduate.routes.ts';
import { createGraduateService } from './modules/graduate/graduate.service.ts';
import { itemAnalysisRoutes } from './modules/item-analysis/item-analysis.routes.ts';
import { createItemAnalysisService } from './modules/item-analysis/item-analysis.service.ts';
import { mcTestRoutes } from './modules/mc-tests/mc-tests.routes.ts';
import { createMcTestsService } from './modules/mc-tests/mc-tests.service.ts';
import { selectPaymentProvider } from './modules/payments/payments.provider.ts';
import { paymentRoutes } from './modules/payments/payments.routes.ts';
import { createPaymentsService } from './modules/payments/payments.service.ts';
import { privacyRoutes } from './modules/privacy/privacy.routes.ts';
import { createPrivacyService } from './modules/privacy/privacy.service.ts';
import { progressRoutes } from './modules/progress/progress.routes.ts';
import { createProgressService } from './modules/progress/progress.service.ts';
import { questionRoutes } from './modules/questions/questions.routes.ts';
import { createQuestionsService } from './modules/questions/questions.service.ts';
import { seminarRoutes } from './modules/seminars/seminars.routes.ts';
import { createSeminarsService } from './modules/seminars/seminars.service.ts';
import { systemRoutes } from './modules/system/system.routes.ts';
import {
  allowedMethods,
  clientErrorHandler,
  errorsPlugin,
  frameworkErrors,
  sendError,
  sendMethodNotAllowed,
} from './plugins/errors.ts';
import { createMailer, type Mailer } from './plugins/mail.ts';
import { metricsPlugin } from './plugins/metrics.ts';
import { noNulPlugin } from './plugins/no-nul.ts';
import { openapiPlugin } from './plugins/openapi.ts';
import { requestOriginPlugin } from './plugins/request-origin.ts';
import { sessionPlugin } from './plugins/session.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
    database: Database;
    mailer: Mailer;
    rateCounter: RateCounter;
    /** work a request leaves for after its answer (lib/after-response.ts) */
    afterResponse: AfterResponse;
    /** erases the accounts whose grace period is over and removes expired exports (issue 19) */
    privacySweep: () => Promise<{ exportsRemoved: number; erased: number }>;
    /** DATA_DIR/uploads: the local file store's directory (unused when the files are in a bucket) */
    uploadDir: string;
    /** resumable (tus) uploads: their store and expiry sweep (issue 18) */
    tusUploads: TusUploads;
    /** where every stored file lives: the upload directory or the S3 bucket (lib/file-store.ts) */
    files: FileStore;
    /**
     * every route as registered (method, url, schema and the text fields of multipart routes);
     * read by the authorization matrix and the input sweep tests
     */
    routeList: RouteEntry[];
  }
  interface FastifyContextConfig {
    /** the text fields a multipart route reads (it parses them itself; the NUL sweep test sends them) */
    multipartFields?: ZodObject;
  }
}

export interface RouteEntry {
  method: string;
  url: string;
  schema?: FastifySchema;
  multipartFields?: ZodObject;
}

export interface BuildOptions {
  /** an opened, migrated database (tests share nothing, so usually omitted) */
  database?: Database;
  /** a clock for session expiry and links (tests) */
  now?: () => number;
  /** Fastify logger options; default from config.logLevel */
  logger?: boolean | object;
  /** the default logger (its redaction included) writing to this stream (tests read the log) */
  logStream?: { write(line: string): void };
}

const REDACT = [
  'req.headers.cookie',
  'req.headers["x-xsrf-token"]',
  'res.headers["set-cookie"]',
  '*.password',
  '*.password_confirmation',
  '*.current_password',
  '*.token',
];

export { redactUrl } from './lib/log-redaction.ts';

/**
 * Builds the whole application (plugins, modules, the web app) without listening. Opens the
 * database from the config and applies pending migrations unless one is passed in.
 */

export async function buildApp(config: AppConfig, opts: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: opts.logger ?? {
      level: config.logLevel,
      redact: REDACT,
      ...(opts.logStream ? { stream: opts.logStream } : {}),
      serializers: {
        err: serializeError,
        req: (req: { method: string; url: string; ip?: string }) => ({
          method: req.method,
          url: redactUrl(req.url),
          ip: req.ip,
        }),
      },
    },
    genReqId: (req) => {
      const incoming = req.headers['x-request-id'];
      return typeof incoming === 'string' && /^[\w-]{8,64}$/.test(incoming) ? incoming : randomUUID();
    },
    logController: new LogController({ disableRequestLogging: true }),
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    // the router's own answers (a parameter too long, bad percent-encoding, an unreadable request)
    // in the app's { message, code } shape (docs/api/openapi.md)
    frameworkErrors,
    clientErrorHandler,
    // a hop count trusts that many proxies nearest to the server (Fastify's number semantics)
    trustProxy:
      typeof config.trustProxy === 'number'
        ? (_addr: string, hop: number) => hop < (config.trustProxy as number)
        : config.trustProxy,
    bodyLimit: 1024 * 1024,
    // slow clients (SECURITY E-08): headers within 20 s; a connection idle for 60 s is closed;
    // an upload (a 2 GB video) may take at most an hour; other bodies 30 s (the hook below)
    requestTimeout: 3_600_000,
    connectionTimeout: 60_000,
    keepAliveTimeout: 10_000,
    return503OnClosing: true,
    forceCloseConnections: 'idle',
  });
  app.server.headersTimeout = 20_000;
  // slow bodies end (issue 11 item 14): an ordinary request sends its whole body within
  // bodyTimeoutMs (30 s); uploads (multipart) keep the hour and the 60 s idle timeout of the socket
  app.addHook('onRequest', async (req) => {
    const raw = req.raw;
    // tus PATCH bodies (issue 18) stream for as long as the chunk takes, like multipart uploads
    if (
      raw.complete ||
      req.isMultipart() ||
      req.headers['content-type'] === 'application/offset+octet-stream'
    )
      return;
    const timer = setTimeout(() => {
      if (!raw.complete) if (typeof raw.socket?.destroy === 'function') raw.socket.destroy();
    }, config.bodyTimeoutMs);
    timer.unref();
    const done = () => clearTimeout(timer);
    raw.once('end', done);
    raw.once('close', done);
  });
  const routeList: RouteEntry[] = [];
  app.decorate('routeList', routeList);
  app.addHook('onRoute', (route) => {
    for (const method of Array.isArray(route.method) ? route.method : [route.method]) {
      if (method !== 'HEAD' && method !== 'OPTIONS')
        routeList.push({
          method,
          url: route.url,
          schema: route.schema,
          multipartFields: (route.config as FastifyContextConfig | undefined)?.multipartFields,
        });
    }
  });
  // JSON routes take JSON only (docs/api): a text/plain body is 415, not parsed as a string that
  // then fails validation; the few routes that accept "JSON text" add their own parser
  app.removeContentTypeParser('text/plain');
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const uploadDir =
    config.dataDir === 'memory://'
      ? path.join(os.tmpdir(), `elearn-uploads-${process.pid}-${randomUUID().slice(0, 8)}`)
      : path.resolve(config.dataDir, 'uploads');
  const files = await openFileStore(config.s3, uploadDir);
  const database = opts.database ?? (await openDatabase(config, app.log));
  if (!opts.database) await database.migrate();
  app.decorate('uploadDir', uploadDir);
  app.decorate('files', files);
  const mailer = createMailer(config, app.log);
  const rateCounter = config.redisUrl
    ? redisRateCounter(config.redisUrl, `${config.redisKeyPrefix}rl:`)
    : memoryRateCounter(opts.now);

  // on PostgreSQL several instances may run: their caches are dropped together (lib/cache-bus.ts)
  const cacheBus =
    database.kind === 'pg' && config.databaseUrl
      ? pgCacheBus({
          url: config.databaseUrl,
          notify: (channel, payload) => database.db.execute(sql`SELECT pg_notify(${channel}, ${payload})`),
          log: app.log,
        })
      : localCacheBus();
  if ('ready' in cacheBus) await cacheBus.ready;
  // an answer to a write leaves only after the other instances were told to drop their caches
  app.addHook('onSend', async (_req, _reply, payload) => {
    await cacheBus.flush();
    return payload;
  });

  // the bucket's orphan sweep runs in the background; closing waits for it
  let orphanSweep: Promise<unknown> = Promise.resolve();
  app.decorate('config', config);
  app.decorate('database', database);
  app.decorate('mailer', mailer);
  app.decorate('rateCounter', rateCounter);
  const afterResponse = createAfterResponse(app.log);
  app.decorate('afterResponse', afterResponse);
  app.addHook('onClose', async () => {
    await afterResponse.flush();
    mailer.close();
    await rateCounter.close();
    await cacheBus.close();
    await orphanSweep;
    await files.close();
    if (!opts.database) await database.close();
    // an in-memory app's uploads live as long as it does: nothing is left in the temp directory
    if (config.dataDir === 'memory://') await rm(uploadDir, { recursive: true, force: true });
  });

  // one log line per request (cheap; pino serializes lazily)
  app.addHook('onResponse', async (req, reply) => {
    req.log.info(
      {
        method: req.method,
        url: redactUrl(req.url),
        status: reply.statusCode,
        ms: Math.round(reply.elapsedTime),
      },
      'request',
    );
  });

  await app.register(errorsPlugin);
  await app.register(metricsPlugin, { token: config.metricsToken, poolStats: database.poolStats });
  await app.register(noNulPlugin);
  await app.register(requestOriginPlugin);

  const matomoOrigin = config.matomo ? new URL(config.matomo.url).origin : null;
  const extra = matomoOrigin ? [matomoOrigin] : [];
  // the security headers, built once (@fastify/helmet builds helmet again for every request)
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...extra],
        scriptSrcAttr: ["'none'"],
        styleSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...extra],
        mediaSrc: ["'self'", 'blob:'],
        fontSrc: ["'self'"],
        connectSrc: ["'self'", ...extra],
        objectSrc: ["'none'"],
        baseUri: ["'none'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        frameSrc: ["'none'"],
        ...(config.env === 'production' ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    strictTransportSecurity: config.appUrl.startsWith('https://')
      ? { maxAge: 31_536_000, includeSubDomains: true }
      : false,
    referrerPolicy: { policy: 'no-referrer' },
    frameguard: { action: 'deny' },
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onRequest', (req, reply, done) =>
    securityHeaders(req.raw, reply.raw, (err) => done(err as Error | undefined)),
  );
  app.addHook('onSend', async (req, reply, payload) => {
    reply.header('Permissions-Policy', 'camera=(), microphone=(), geolocation=(), payment=()');
    if (req.url.startsWith('/api/') && !reply.hasHeader('cache-control'))
      reply.header('Cache-Control', 'no-store');
    return payload;
  });

  // API JSON over 1 KB compressed on the fly (brotli quality 4); static files come precompressed
  await app.register(fastifyCompress, {
    encodings: ['br', 'gzip'],
    threshold: 1024,
    globalDecompression: false,
    // text only: never octet-stream downloads, media or documents (range requests stay intact)
    customTypes:
      /^text\/(?!event-stream)|(?:\+|\/)json(?:;|$)|(?:\+|\/)xml(?:;|$)|javascript|image\/svg\+xml/,
  });

  await app.register(fastifyMultipart, {
    limits: {
      fileSize: config.maxDocMb * 1024 * 1024,
      files: 20,
      fields: 50,
      fieldSize: 100_000,
      parts: 100,
    },
    throwFileSizeLimit: false,
  });

  await app.register(openapiPlugin);

  // in-memory auth caches only where this process is the database's only user (lib/auth-cache.ts)
  const cacheAuth = database.kind === 'pglite';
  await app.register(sessionPlugin, { db: database.db, config, now: opts.now, cache: cacheAuth });

  // the built web app: hashed assets as static files (precompressed .br/.gz beside them, see
  // apps/web/build/precompress.ts), every page route answered by index.html
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
  /** `seminarSlug`: the page is that public seminar's (`seminarSlugOfPage`, resolved by the route) */
  const serveAppPage = (reply: FastifyReply, status = 200, seminarSlug: string | null = null) => {
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

  if (appPages) app.get('/', { schema: { hide: true } }, async (_req, reply) => serveAppPage(reply));

  const auth = createAuthService({
    db: database.db,
    config,
    mailer,
    counter: rateCounter,
    fileStore: files,
    sessions: app.sessions,
    now: opts.now,
  });
  // who holds which seminar, through what (docs/decisions.md "Enrolments"); every module asks it
  const enrolments = createEnrolmentsService({ db: database.db });
  const seminars = createSeminarsService({
    db: database.db,
    config,
    fileStore: files,
    enrolments,
    companyExists: async (id) => !!(await companiesRepository.findById(database.db, id)),
    now: opts.now,
    cacheBus,
  });
  const chapters = createChaptersService({
    db: database.db,
    config,
    fileStore: files,
    seminars,
    now: opts.now,
    cacheBus,
  });
  const companies = createCompaniesService({
    db: database.db,
    config,
    counter: rateCounter,
    seminars,
    chapters,
    enrolments,
    auth,
    mailer,
    now: opts.now,
  });
  await sweepTmp(files);
  // files no row names (a kill between a file's rename and its row); on PostgreSQL another
  // instance may be between the two steps, so only files older than an hour go. A bucket is
  // listed in the background (a large one takes a while; start-up does not wait for it), so
  // there too only files older than an hour go: uploads are already being answered
  const sweep = async () => {
    const orphans = await sweepOrphans(files, await storedFilePaths(database.db), {
      olderThanMs: database.kind === 'pglite' && files.kind === 'local' ? 0 : 3_600_000,
    });
    if (orphans) app.log.warn({ removed: orphans }, 'removed stored files that no row names');
  };
  if (files.kind === 'local') await sweep();
  else
    orphanSweep = sweep().catch((err: unknown) =>
      app.log.warn({ err }, 'orphan sweep of the bucket failed; it runs again at the next start'),
    );

  await app.register(systemRoutes, { database, config });
  await app.register(authRoutes, { auth, serveAppPage });
  await app.register(seminarRoutes, { seminars, chapters, fileStore: files });
  await app.register(chapterRoutes, {
    chapters,
    fileStore: files,
    maxVideoMb: config.maxVideoMb,
    maxDocMb: config.maxDocMb,
    seminarOfLink: companies.seminarOfLink,
  });
  // resumable uploads (tus, issue 18); unfinished ones expire after 24 h (swept at start and hourly)
  await app.register(chapterUploadRoutes, {
    chapters,
    uploadDir,
    s3: config.s3,
    maxVideoMb: config.maxVideoMb,
    maxDocMb: config.maxDocMb,
    ready: (uploads) => app.decorate('tusUploads', uploads),
  });
  // multiple-choice tests: question pool, tests, runs, graduation (docs/api/mc-tests.md)
  const mcTests = createMcTestsService({ db: database.db, seminars });
  const questions = createQuestionsService({ db: database.db, mcTests });
  const itemAnalysis = createItemAnalysisService({ db: database.db, mcTests, log: app.log });
  const graduate = createGraduateService({
    db: database.db,
    mcTests,
    now: opts.now,
    cacheBus,
    scored: itemAnalysis.itemRows.scheduleSoon,
    itemAnalysis: itemAnalysis.forExport,
  });
  app.addHook('onClose', () => itemAnalysis.itemRows.close());
  // results left pending by a stopped instance (or by the demo data) are derived at start
  itemAnalysis.itemRows.scheduleSoon();
  await app.register(questionRoutes, { questions, mcTests });
  await app.register(mcTestRoutes, { mcTests });
  await app.register(graduateRoutes, { graduate });
  await app.register(itemAnalysisRoutes, { itemAnalysis });
  const payments = createPaymentsService({
    db: database.db,
    config,
    mailer,
    seminars,
    enrolments,
    grantCompanyPurchase: companies.grantPurchase,
    provider: selectPaymentProvider(config, database.db, opts.now),
    log: app.log,
    background: afterResponse,
    now: opts.now,
  });
  await app.register(paymentRoutes, { payments });
  // the admin area and its audit trail (docs/api/admin.md)
  await app.register(adminRoutes, {
    admin: createAdminService({
      db: database.db,
      auth,
      seminars,
      enrolments,
      companies,
      payments,
      graduate,
      now: opts.now,
    }),
  });
  // companies, company bookings (free or paid), access links (docs/api/companies.md)
  await app.register(companyRoutes, { companies, payments });
  // learning progress, video resume and coverage, completion and certificates (docs/api/progress.md)
  const progress = createProgressService({
    db: database.db,
    config,
    counter: rateCounter,
    seminars,
    enrolments,
    now: opts.now,
  });
  await app.register(progressRoutes, { progress });
  // privacy self-service: data exports and account deletion (docs/api/privacy.md)
  const privacy = createPrivacyService({
    db: database.db,
    config,
    mailer,
    files,
    auth,
    sessions: app.sessions,
    payments,
    enrolments,
    chapters,
    seminars,
    graduate,
    mcTests,
    questions,
    companies,
    progress,
    background: afterResponse,
    log: app.log,
    now: opts.now,
  });
  await app.register(privacyRoutes, { privacy });
  app.decorate('privacySweep', () => privacy.sweep());
  const stopPrivacySweeper = privacy.startSweeper();
  app.addHook('onClose', () => stopPrivacySweeper());

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
      const found = await seminars.get(req.user, { slug }).then(
        () => true,
        (error: unknown) => {
          if (error instanceof AppError && error.status === 404) return false;
          throw error;
        },
      );
      return serveAppPage(reply, found ? 200 : 404, slug);
    }
    return serveAppPage(reply, isKnownPagePath(pathname) ? 200 : 404);
  });

  return app;
}
