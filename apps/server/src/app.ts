import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { isKnownPagePath, t } from '@elearn/shared';
import fastifyHelmet from '@fastify/helmet';
import fastifyMultipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, type FastifyReply, LogController } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { AppConfig } from './config.ts';
import { type Database, openDatabase } from './db/client.ts';
import { redactUrl, serializeError } from './lib/log-redaction.ts';
import { memoryRateCounter, type RateCounter, redisRateCounter } from './lib/rate-counter.ts';
import { sweepTmp } from './lib/storage.ts';
import { adminRoutes } from './modules/admin/admin.routes.ts';
import { createAdminService } from './modules/admin/admin.service.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { createAuthService } from './modules/auth/auth.service.ts';
import { chapterRoutes } from './modules/chapters/chapters.routes.ts';
import { createChaptersService } from './modules/chapters/chapters.service.ts';
import { companyRoutes } from './modules/companies/companies.routes.ts';
import { createCompaniesService } from './modules/companies/companies.service.ts';
import { graduateRoutes } from './modules/graduate/graduate.routes.ts';
import { createGraduateService } from './modules/graduate/graduate.service.ts';
import { mcTestRoutes } from './modules/mc-tests/mc-tests.routes.ts';
import { createMcTestsService } from './modules/mc-tests/mc-tests.service.ts';
import { selectPaymentProvider } from './modules/payments/payments.provider.ts';
import { paymentRoutes } from './modules/payments/payments.routes.ts';
import { createPaymentsService } from './modules/payments/payments.service.ts';
import { questionRoutes } from './modules/questions/questions.routes.ts';
import { createQuestionsService } from './modules/questions/questions.service.ts';
import { seminarRoutes } from './modules/seminars/seminars.routes.ts';
import { createSeminarsService } from './modules/seminars/seminars.service.ts';
import { systemRoutes } from './modules/system/system.routes.ts';
import { errorsPlugin, sendError } from './plugins/errors.ts';
import { createMailer, type Mailer } from './plugins/mail.ts';
import { sessionPlugin } from './plugins/session.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
    database: Database;
    mailer: Mailer;
    rateCounter: RateCounter;
    /** where uploaded files live (DATA_DIR/uploads) */
    uploadDir: string;
    /** every route as registered (method, url); read by the authorization matrix test */
    routeList: { method: string; url: string }[];
  }
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
    if (raw.complete || req.isMultipart()) return;
    const timer = setTimeout(() => {
      if (!raw.complete) raw.socket?.destroy();
    }, config.bodyTimeoutMs);
    timer.unref();
    const done = () => clearTimeout(timer);
    raw.once('end', done);
    raw.once('close', done);
  });
  const routeList: { method: string; url: string }[] = [];
  app.decorate('routeList', routeList);
  app.addHook('onRoute', (route) => {
    for (const method of Array.isArray(route.method) ? route.method : [route.method]) {
      if (method !== 'HEAD' && method !== 'OPTIONS') routeList.push({ method, url: route.url });
    }
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const database = opts.database ?? (await openDatabase(config, app.log));
  if (!opts.database) await database.migrate();
  const uploadDir =
    config.dataDir === 'memory://'
      ? path.join(os.tmpdir(), `elearn-uploads-${process.pid}-${randomUUID().slice(0, 8)}`)
      : path.resolve(config.dataDir, 'uploads');
  mkdirSync(uploadDir, { recursive: true });
  app.decorate('uploadDir', uploadDir);
  const mailer = createMailer(config, app.log);
  const rateCounter = config.redisUrl ? redisRateCounter(config.redisUrl) : memoryRateCounter(opts.now);

  app.decorate('config', config);
  app.decorate('database', database);
  app.decorate('mailer', mailer);
  app.decorate('rateCounter', rateCounter);
  app.addHook('onClose', async () => {
    mailer.close();
    await rateCounter.close();
    if (!opts.database) await database.close();
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

  const matomoOrigin = config.matomo ? new URL(config.matomo.url).origin : null;
  const extra = matomoOrigin ? [matomoOrigin] : [];
  await app.register(fastifyHelmet, {
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
  app.addHook('onSend', async (req, reply, payload) => {
    reply.header('Permissions-Policy', 'camera=(), microphone=(), geolocation=(), payment=()');
    if (req.url.startsWith('/api/') && !reply.hasHeader('cache-control'))
      reply.header('Cache-Control', 'no-store');
    return payload;
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

  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'E-Learning API', version: '1.0.0' },
      components: { securitySchemes: { cookie: { type: 'apiKey', in: 'cookie', name: 'session' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, {
    routePrefix: '/api/docs',
    staticCSP: true,
    uiConfig: { docExpansion: 'list' },
  });
  app.get('/api/docs/openapi.json', { schema: { hide: true } }, async () => app.swagger());

  // in-memory auth caches only where this process is the database's only user (lib/auth-cache.ts)
  const cacheAuth = database.kind === 'pglite';
  await app.register(sessionPlugin, { db: database.db, config, now: opts.now, cache: cacheAuth });

  // the built web app: hashed assets as static files, every page route answered by index.html
  let indexHtml: string | null = null;
  const webDist = config.webDist;
  if (webDist && existsSync(path.join(webDist, 'index.html'))) {
    indexHtml = readFileSync(path.join(webDist, 'index.html'), 'utf8');
    await app.register(fastifyStatic, {
      root: webDist,
      index: false,
      wildcard: true,
      serveDotFiles: false,
      setHeaders: (res, filePath) => {
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          res.header('Cache-Control', 'public, max-age=31536000, immutable');
        }
      },
    });
  }
  const serveAppPage = (reply: FastifyReply, status = 200) => {
    if (!indexHtml) return sendError(reply, 404, { message: 'Not found', code: 'route_not_found' });
    return reply
      .code(status)
      .type('text/html; charset=utf-8')
      .header('Cache-Control', 'no-cache')
      .send(indexHtml);
  };

  if (indexHtml) app.get('/', { schema: { hide: true } }, async (_req, reply) => serveAppPage(reply));

  const auth = createAuthService({
    db: database.db,
    config,
    mailer,
    counter: rateCounter,
    uploadDir,
    sessions: app.sessions,
    now: opts.now,
  });
  const seminars = createSeminarsService({ db: database.db, config, uploadDir, now: opts.now });
  const chapters = createChaptersService({ db: database.db, config, uploadDir, seminars, now: opts.now });
  const companies = createCompaniesService({
    db: database.db,
    config,
    counter: rateCounter,
    seminars,
    chapters,
    auth,
    now: opts.now,
  });
  await sweepTmp(uploadDir);

  await app.register(systemRoutes, { database, config });
  await app.register(authRoutes, { auth, serveAppPage });
  await app.register(seminarRoutes, { seminars, chapters, uploadDir });
  await app.register(chapterRoutes, {
    chapters,
    uploadDir,
    maxVideoMb: config.maxVideoMb,
    maxDocMb: config.maxDocMb,
    seminarOfLink: companies.seminarOfLink,
  });
  // the admin area and its audit trail (docs/api/admin.md)
  await app.register(adminRoutes, {
    admin: createAdminService({ db: database.db, auth, seminars, now: opts.now }),
  });
  // multiple-choice tests: question pool, tests, runs, graduation (docs/api/mc-tests.md)
  const mcTests = createMcTestsService({ db: database.db, seminars });
  const questions = createQuestionsService({ db: database.db, mcTests });
  const graduate = createGraduateService({ db: database.db, mcTests, now: opts.now });
  await app.register(questionRoutes, { questions, mcTests });
  await app.register(mcTestRoutes, { mcTests });
  await app.register(graduateRoutes, { graduate });
  const payments = createPaymentsService({
    db: database.db,
    config,
    mailer,
    seminars,
    provider: selectPaymentProvider(config, database.db, opts.now),
    log: app.log,
    now: opts.now,
  });
  await app.register(paymentRoutes, { payments });
  // companies, company bookings (free or paid), access links (docs/api/companies.md)
  await app.register(companyRoutes, { companies, payments });

  app.setNotFoundHandler(async (req, reply) => {
    const { count } = await rateCounter.hit(`404:${req.ip}`, 60);
    if (count > 300 * config.rateLimitFactor) {
      reply.header('Retry-After', '60');
      return sendError(reply, 429, {
        message: t(req.locale, 'errors.rate_limited', { seconds: 60 }),
        code: 'rate_limited',
      });
    }
    const pathname = req.url.split('?')[0] ?? '/';
    if (pathname.startsWith('/api/') || pathname === '/api' || !['GET', 'HEAD'].includes(req.method)) {
      return sendError(reply, 404, {
        message: t(req.locale, 'errors.route_not_found'),
        code: 'route_not_found',
      });
    }
    return serveAppPage(reply, isKnownPagePath(pathname) ? 200 : 404);
  });

  return app;
}
