import { type ErrorBody, type Locale, localizeMessage, pickLocale, t } from '@elearn/shared';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { AppError } from '../errors.ts';
import { createOutageLog, loggableError } from '../lib/outage-log.ts';

declare module 'fastify' {
  interface FastifyRequest {
    locale: Locale;
  }
}

interface IssueLike {
  keyword: string;
  instancePath: string;
  message?: string;
  params?: Record<string, unknown>;
}

function issueMessage(locale: Locale, issue: IssueLike): string {
  const raw = issue.message ?? '';
  if (raw.startsWith('@')) return localizeMessage(locale, raw);
  switch (issue.keyword) {
    case 'invalid_type':
      return issue.params?.input === undefined
        ? t(locale, 'validation.required')
        : t(locale, 'validation.invalid');
    case 'unrecognized_keys':
      return t(locale, 'validation.unknown_field');
    case 'too_small':
      return typeof issue.params?.minimum === 'number' && issue.params.origin === 'string'
        ? t(locale, 'validation.min', { min: issue.params.minimum })
        : t(locale, 'validation.number_min', { min: String(issue.params?.minimum ?? '') });
    case 'too_big':
      return issue.params?.origin === 'string'
        ? t(locale, 'validation.max', { max: String(issue.params?.maximum ?? '') })
        : t(locale, 'validation.number_max', { max: String(issue.params?.maximum ?? '') });
    default:
      return t(locale, 'validation.invalid');
  }
}

/** Field errors of a failed zod validation, keyed like Laravel (`a.b`), messages localized. */
export function fieldErrors(locale: Locale, issues: IssueLike[], context?: string): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const issue of issues) {
    const base = issue.instancePath.replace(/^\//, '').split('/').filter(Boolean).join('.');
    const keys =
      issue.keyword === 'unrecognized_keys' && Array.isArray(issue.params?.keys)
        ? (issue.params.keys as string[]).map((k) => (base ? `${base}.${k}` : k))
        : [base || context || 'body'];
    for (const key of keys) {
      const list = out[key] ?? [];
      const msg = issueMessage(locale, issue);
      if (!list.includes(msg)) list.push(msg);
      out[key] = list;
    }
  }
  return out;
}

// PostgreSQL: admin shutdown, crash, cannot connect, connection failure, too many connections,
// statement timeout (a stalled statement or a lock held too long); node: refused or reset
const DB_DOWN_CODES = new Set([
  '57P01',
  '57P02',
  '57P03',
  '57014',
  '53300',
  '08000',
  '08001',
  '08003',
  '08006',
  'ECONNREFUSED',
  'ECONNRESET',
]);
// the disk under the database is full (PostgreSQL disk_full, or the file system itself)
const DISK_FULL_CODES = new Set(['53100', 'ENOSPC']);
const DB_DOWN_MESSAGE =
  /PGlite is closed|Connection terminated|Cannot use a pool after calling end|timeout exceeded when trying to connect/i;

/** What kind of outage an error is: the database away or stalled, its disk full, or none. */
function outageKind(error: unknown): 'database_unavailable' | 'disk_full' | null {
  for (
    let e = error as { code?: string; message?: string; cause?: unknown } | undefined, depth = 0;
    e && depth < 4;
    depth++
  ) {
    if (e.code && DISK_FULL_CODES.has(e.code)) return 'disk_full';
    if (/No space left on device|could not extend file/i.test(e.message ?? '')) return 'disk_full';
    if (e.code && DB_DOWN_CODES.has(e.code)) return 'database_unavailable';
    if (DB_DOWN_MESSAGE.test(e.message ?? '')) return 'database_unavailable';
    e = e.cause as typeof e;
  }
  return null;
}

/** The client went away before its request was read (an aborted upload), not a fault of ours. */
const clientAborted = (req: FastifyRequest) => req.raw.aborted || (req.raw.destroyed && !req.raw.complete);

export function sendError(
  reply: FastifyReply,
  status: number,
  body: ErrorBody,
  headers?: Record<string, string>,
) {
  if (headers) reply.headers(headers);
  return reply.code(status).type('application/json; charset=utf-8').send(body);
}

/**
 * Fastify's router answers a few requests before any hook or handler runs: a path parameter over
 * `maxParamLength` (414) and a path that is not valid percent-encoding (400). Its own bodies
 * (`FST_ERR_…`, the path echoed) become the app's `{ message, code }` (the `frameworkErrors`
 * option of Fastify; docs/api/openapi.md).
 */
export function frameworkErrors(error: FastifyError, req: FastifyRequest, reply: FastifyReply) {
  const locale = pickLocale(req.headers['accept-language']);
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    return sendError(reply, 414, { message: t(locale, 'errors.uri_too_long'), code: 'uri_too_long' });
  }
  if (error.code === 'FST_ERR_BAD_URL') {
    return sendError(reply, 400, { message: t(locale, 'errors.bad_request'), code: 'bad_request' });
  }
  req.log.error({ error: loggableError(error) }, 'router error');
  return sendError(reply, 500, { message: t(locale, 'errors.internal_error'), code: 'internal_error' });
}

const CLIENT_ERRORS: Record<string, { status: number; text: string; code: string }> = {
  ERR_HTTP_REQUEST_TIMEOUT: { status: 408, text: 'Request Timeout', code: 'bad_request' },
  HPE_HEADER_OVERFLOW: { status: 431, text: 'Request Header Fields Too Large', code: 'bad_request' },
};

/**
 * A request Node's HTTP parser cannot read (an unknown method, a broken header, a timeout before
 * the headers were complete) never reaches Fastify's routing: answered here, like Fastify does
 * it, but with the app's `{ message, code }` body (the `clientErrorHandler` option of Fastify).
 */
export function clientErrorHandler(err: NodeJS.ErrnoException, socket: import('node:net').Socket) {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const kind = CLIENT_ERRORS[err.code ?? ''] ?? { status: 400, text: 'Bad Request', code: 'bad_request' };
  const raw = (err as { rawPacket?: Buffer }).rawPacket?.toString('latin1') ?? '';
  const locale = pickLocale(/^accept-language:[ \t]*([^\r\n]*)/im.exec(raw)?.[1]);
  const body = JSON.stringify({ message: t(locale, 'errors.bad_request'), code: kind.code });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${kind.status} ${kind.text}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
        `Content-Type: application/json; charset=utf-8\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(err);
}

const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;

/**
 * The methods a path answers (for `405` and its `Allow` header): every method whose route matches
 * the path, not counting catch-all routes (`/*`, the web app's static files).
 */
export function allowedMethods(app: FastifyInstance, pathname: string): string[] {
  return METHODS.filter((method) => {
    const found = app.findRoute({ method, url: pathname });
    return found !== null && !Object.hasOwn(found.params ?? {}, '*');
  });
}

/** 405 with `Allow` for a method a known path does not take (instead of a 404) */
export function sendMethodNotAllowed(reply: FastifyReply, allow: string[]) {
  const req = reply.request;
  return sendError(
    reply,
    405,
    {
      message: t(req.locale, 'errors.method_not_allowed', { method: req.method, allow: allow.join(', ') }),
      code: 'method_not_allowed',
    },
    { Allow: allow.join(', ') },
  );
}

export function appErrorBody(locale: Locale, err: AppError): ErrorBody {
  const body: ErrorBody = { message: t(locale, err.messageKey, err.params), code: err.code };
  if (err.fields) {
    body.errors = Object.fromEntries(
      Object.entries(err.fields).map(([k, msgs]) => [k, msgs.map((m) => localizeMessage(locale, m))]),
    );
  }
  return body;
}

/**
 * One error handler producing the shapes of DESIGN.md section 4 with a stable `code`, messages in
 * the request's language. Unknown errors are logged with the request id and become a generic 500.
 */
export const errorsPlugin = fp(async (app: FastifyInstance, opts: { outageLogIntervalMs?: number }) => {
  app.decorateRequest('locale', 'de');
  // an outage fails every request: one line per kind and interval, never SQL parameters
  const outages = createOutageLog(opts.outageLogIntervalMs);
  const logFault = (req: FastifyRequest, kind: string, error: unknown, msg: string) => {
    const { log, suppressed } = outages.take(kind);
    if (log) req.log.error({ kind, error: loggableError(error), ...(suppressed ? { suppressed } : {}) }, msg);
  };
  app.addHook('onRequest', async (req) => {
    req.locale = pickLocale(req.headers['accept-language']);
  });

  app.setErrorHandler((error: FastifyError | AppError, req: FastifyRequest, reply: FastifyReply) => {
    const locale = req.locale ?? 'de';
    if (error instanceof AppError) {
      if (error.status >= 500) logFault(req, error.logKind ?? error.code, error, 'app error');
      return sendError(reply, error.status, appErrorBody(locale, error), error.headers);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const ctx = (error as { validationContext?: string }).validationContext;
      return sendError(reply, 422, {
        message: t(locale, 'errors.validation_failed'),
        code: 'validation_failed',
        errors: fieldErrors(locale, error.validation as IssueLike[], ctx),
      });
    }
    if (clientAborted(req)) {
      req.log.info({ kind: 'client_aborted', url: req.routeOptions.url }, 'client aborted the request');
      return sendError(reply, 400, { message: t(locale, 'errors.bad_request'), code: 'bad_request' });
    }
    if (isResponseSerializationError(error)) {
      req.log.error({ err: error, issues: error.cause.issues }, 'response does not match its schema');
      return sendError(reply, 500, { message: t(locale, 'errors.internal_error'), code: 'internal_error' });
    }
    // a malformed multipart body (busboy gives plain errors without a status): the client's fault
    const fromMultipart =
      !(error as FastifyError).statusCode && /[\\/]busboy[\\/]/.test((error as Error).stack ?? '');
    const status = fromMultipart ? 400 : ((error as FastifyError).statusCode ?? 500);
    if (status === 429) {
      const retry = String(reply.getHeader('retry-after') ?? 60);
      return sendError(reply, 429, {
        message: t(locale, 'errors.rate_limited', { seconds: retry }),
        code: 'rate_limited',
      });
    }
    if (status === 413) {
      return sendError(reply, 413, {
        message: t(locale, 'errors.payload_too_large'),
        code: 'payload_too_large',
      });
    }
    if (status === 415) {
      return sendError(reply, 415, {
        message: t(locale, 'errors.unsupported_media_type'),
        code: 'unsupported_media_type',
      });
    }
    if (status === 503) {
      return sendError(reply, 503, {
        message: t(locale, 'errors.service_unavailable'),
        code: 'service_unavailable',
      });
    }
    if (status >= 400 && status < 500) {
      return sendError(reply, status === 404 ? 404 : 400, {
        message: t(locale, status === 404 ? 'errors.not_found' : 'errors.bad_request'),
        code: status === 404 ? 'not_found' : 'bad_request',
      });
    }
    const outage = outageKind(error);
    if (outage === 'database_unavailable') {
      logFault(req, outage, error, 'database unavailable');
      reply.header('Retry-After', '5');
      return sendError(reply, 503, {
        message: t(locale, 'errors.service_unavailable'),
        code: 'service_unavailable',
      });
    }
    if (outage === 'disk_full') {
      logFault(req, outage, error, 'disk full');
      reply.header('Retry-After', '60');
      return sendError(reply, 507, { message: t(locale, 'errors.storage_full'), code: 'storage_full' });
    }
    req.log.error({ error: loggableError(error) }, 'unhandled error');
    return sendError(reply, 500, { message: t(locale, 'errors.internal_error'), code: 'internal_error' });
  });
});
