/**
 * What the logs may not hold (SECURITY A-18, issue 11 item 15): tokens and signatures in URLs,
 * and the parameters of a failed database query (password hashes, e-mail addresses, tokens).
 */

/** Masks secrets in logged URLs: verification signatures, reset, access-link and invitation tokens. */
export const redactUrl = (url: string): string =>
  url
    .replace(/([?&]signature=)[^&]+/g, '$1***')
    .replace(/(\/reset-password\/)[^/?]+/g, '$1***')
    .replace(/(\/access-link\/)[^/?]+/g, '$1***')
    .replace(/(\/invitations\/)[^/?]+/g, '$1***')
    .replace(/([?&](?:access_link|token)=)[^&]+/g, '$1***');

/** Drizzle's "Failed query: …\nparams: …" keeps the statement and drops the values. */
const scrub = (text: string) => text.replace(/\nparams: [\s\S]*?(?=\n {4}at |$)/, '\nparams: [redacted]');

/** values of a query: drizzle's `params`, PostgreSQL's `detail` ("Key (email)=(…) already exists") */
const DROPPED = new Set(['params', 'parameters', 'detail', 'queryOptions']);

interface SerializedError {
  type: string;
  message: string;
  stack?: string;
  code?: unknown;
  cause?: SerializedError;
  [key: string]: unknown;
}

/**
 * The logger's `err` serializer: the error's type, message, stack, code and causes, with query
 * parameters and row values left out; the statement text, SQLSTATE code and constraint stay.
 */
export function serializeError(err: unknown, depth = 0): SerializedError | unknown {
  if (!(err instanceof Error)) return err;
  const out: SerializedError = {
    type: err.constructor?.name ?? 'Error',
    message: scrub(err.message),
    stack: err.stack ? scrub(err.stack) : undefined,
  };
  for (const [key, value] of Object.entries(err)) {
    if (key === 'cause' || DROPPED.has(key)) continue;
    if (value === undefined || typeof value === 'function') continue;
    out[key] = typeof value === 'string' ? scrub(value) : value;
  }
  const cause = (err as { cause?: unknown }).cause;
  if (cause !== undefined && depth < 4) out.cause = serializeError(cause, depth + 1) as SerializedError;
  return out;
}
