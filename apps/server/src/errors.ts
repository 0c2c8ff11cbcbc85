import type { ErrorCode, MessageKey, MessageParams } from '@elearn/shared';

/**
 * The one error type of the API. `code` is stable (packages/shared ERROR_CODES); the message is
 * rendered in the request's language by the error handler from `messageKey`.
 */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    readonly messageKey: MessageKey,
    readonly params?: MessageParams,
    /** field errors (422): encoded message keys or plain text */
    readonly fields?: Record<string, string[]>,
    readonly headers?: Record<string, string>,
  ) {
    super(code);
  }
  /** for outage errors (5xx): the kind under which the log limiter counts them (lib/outage-log.ts) */
  logKind?: string;
}

export const notFound = () => new AppError(404, 'not_found', 'errors.not_found');
export const forbidden = () => new AppError(403, 'forbidden', 'errors.forbidden');
export const unauthenticated = () => new AppError(401, 'unauthenticated', 'errors.unauthenticated');
export const conflict = (code: ErrorCode = 'conflict', key: MessageKey = 'errors.conflict') =>
  new AppError(409, code, key);
export const csrfMismatch = () => new AppError(419, 'csrf_mismatch', 'errors.csrf_mismatch');
export const tooManyRequests = (retryAfterSeconds: number, code: ErrorCode = 'rate_limited') =>
  new AppError(
    429,
    code,
    code === 'auth.throttled' ? 'auth.throttled' : 'errors.rate_limited',
    { seconds: retryAfterSeconds },
    undefined,
    { 'retry-after': String(retryAfterSeconds) },
  );
/** 422 with field errors; values are encoded message keys (see encodeMessage). */
export const validation = (
  fields: Record<string, string[]>,
  code: ErrorCode = 'validation_failed',
  key: MessageKey = 'errors.validation_failed',
) => new AppError(422, code, key, undefined, fields);

/** A bad environment: every problem found, one line each (the server refuses to start). */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid environment:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}
