import { randomUUID } from 'node:crypto';
import fastifyCompress from '@fastify/compress';
import fastifyMultipart from '@fastify/multipart';
import Fastify, { type FastifyInstance, type FastifyServerOptions, LogController } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { registerModules } from './app-modules.ts';
import type { AppConfig } from './config.ts';
import type { Database } from './db/client.ts';
import { redactUrl, serializeError } from './lib/log-redaction.ts';
import { bodyTimeoutPlugin } from './plugins/body-timeout.ts';
import { clientErrorHandler, errorsPlugin, frameworkErrors } from './plugins/errors.ts';
import { jobsPlugin, sweepStoredFiles } from './plugins/jobs.ts';
import { metricsPlugin } from './plugins/metrics.ts';
import { noNulPlugin } from './plugins/no-nul.ts';
import { openapiPlugin } from './plugins/openapi.ts';
import { requestLogPlugin } from './plugins/request-log.ts';
import { requestOriginPlugin } from './plugins/request-origin.ts';
import { openResources, resourcesPlugin } from './plugins/resources.ts';
import { routeListPlugin } from './plugins/route-list.ts';
import { securityHeadersPlugin } from './plugins/security-headers.ts';
import { sessionPlugin } from './plugins/session.ts';
import { notFoundPlugin, webAppPlugin } from './plugins/web-app.ts';

export type { RouteEntry } from './plugins/route-list.ts';

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

/** Fastify's options: the logger, request ids, the router, proxies, limits and timeouts */
function serverOptions(config: AppConfig, opts: BuildOptions): FastifyServerOptions {
  return {
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
    // an upload (a 2 GB video) may take at most an hour; other bodies 30 s (plugins/body-timeout.ts)
    requestTimeout: 3_600_000,
    connectionTimeout: 60_000,
    keepAliveTimeout: 10_000,
    return503OnClosing: true,
    forceCloseConnections: 'idle',
  };
}

/**
 * Builds the whole application (plugins, modules, the web app) without listening. Opens the
 * database from the config and applies pending migrations unless one is passed in. The order of
 * the plugins is the order of their hooks.
 */
export async function buildApp(config: AppConfig, opts: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify(serverOptions(config, opts));
  app.server.headersTimeout = 20_000;
  await app.register(bodyTimeoutPlugin, { bodyTimeoutMs: config.bodyTimeoutMs });
  await app.register(routeListPlugin);
  // JSON routes take JSON only (docs/api): a text/plain body is 415, not parsed as a string that
  // then fails validation; the few routes that accept "JSON text" add their own parser
  app.removeContentTypeParser('text/plain');
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const resources = await openResources(config, opts, app.log);
  await app.register(resourcesPlugin, { resources });
  await app.register(requestLogPlugin);
  await app.register(errorsPlugin);
  await app.register(metricsPlugin, {
    token: config.metricsToken,
    poolStats: resources.database.poolStats,
    jobStats: () => resources.jobs.stats(),
  });
  await app.register(noNulPlugin);
  await app.register(requestOriginPlugin);
  await app.register(securityHeadersPlugin, { config });

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
  const cacheAuth = resources.database.kind === 'pglite';
  await app.register(sessionPlugin, { db: resources.database.db, config, now: opts.now, cache: cacheAuth });
  await app.register(webAppPlugin, { config, cacheBus: resources.cacheBus });

  await sweepStoredFiles(app, resources);
  const { seminars, itemAnalysis, privacy } = await registerModules(app, resources, opts.now);
  await app.register(jobsPlugin, { itemRows: itemAnalysis.itemRows, privacy });
  await app.register(notFoundPlugin, {
    config,
    rateCounter: resources.rateCounter,
    now: opts.now,
    findSeminar: (user, slug) => seminars.get(user, { slug }),
  });
  return app;
}
