/** Stable error codes of the API (STYLE section 5). Each has an `errors.*` or domain message. */
export const ERROR_CODES = [
  'validation_failed',
  'unauthenticated',
  'forbidden',
  'not_found',
  'route_not_found',
  'csrf_mismatch',
  'rate_limited',
  'internal_error',
  'service_unavailable',
  'payload_too_large',
  'unsupported_media_type',
  'bad_request',
  'conflict',
  'auth.failed',
  'auth.throttled',
  'auth.disabled',
  'auth.verify_invalid',
  'auth.verify_expired',
  'auth.reset_invalid',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];
