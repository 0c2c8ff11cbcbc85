/**
 * The one fetch wrapper of the app (STYLE section 5, DESIGN section 5).
 * - cookie session: `credentials: 'include'`, `Accept: application/json`, `Accept-Language`
 * - CSRF (Sanctum style): mutating requests send `X-XSRF-TOKEN` from the `XSRF-TOKEN` cookie
 *   (or `__Host-XSRF-TOKEN`); the cookie is fetched from `/sanctum/csrf-cookie` when missing,
 *   and once more (with one retry) when the server answers 419
 * - every non-2xx answer becomes an {@link ApiError}
 */
import { env } from '@/config/env';
import { deleteCookie, getCookie } from './cookies';
import { currentLocale } from './i18n';
import { requestScope } from './request-scope';

export type FieldErrors = Record<string, string[]>;

export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly errors: FieldErrors;
  readonly body: unknown;

  constructor(status: number, code: string, message: string, errors: FieldErrors = {}, body: unknown = null) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.errors = errors;
    this.body = body;
  }
}

export const isApiError = (value: unknown): value is ApiError => value instanceof ApiError;

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RequestOptions {
  method?: HttpMethod;
  /** JSON-serialisable value, or FormData for multipart (Content-Type is then left to the browser). */
  body?: unknown;
  /** Query string parameters, or a prepared query string (kept verbatim, with or without `?`). */
  query?: Record<string, string | number | boolean | undefined | null> | string;
  signal?: AbortSignal;
  headers?: Record<string, string>;
  /** A 401 is an expected answer here: no global 401 handler, no failure report ("who am I" probe). */
  ignoreUnauthorized?: boolean;
}

const MUTATING = new Set<HttpMethod>(['POST', 'PUT', 'PATCH', 'DELETE']);

type UnauthorizedHandler = (error: ApiError) => void;
type ErrorListener = (error: ApiError) => void;

let unauthorizedHandler: UnauthorizedHandler | null = null;
const errorListeners = new Set<ErrorListener>();
let csrfPromise: Promise<void> | null = null;

/** The app decides what a 401 means (go to the login page when the current page needs it). */
export function setUnauthorizedHandler(handler: UnauthorizedHandler | null): void {
  unauthorizedHandler = handler;
}

/** Every failed request is reported here (the progress bar turns red). */
export function onApiError(listener: ErrorListener): () => void {
  errorListeners.add(listener);
  return () => errorListeners.delete(listener);
}

export function readXsrfToken(): string | null {
  const raw = getCookie('__Host-XSRF-TOKEN') ?? getCookie('XSRF-TOKEN');
  if (raw === null) return null;
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

/** Forgets the CSRF cookie (after logout), so the next visit starts as a guest without a probe. */
export function forgetXsrfToken(): void {
  deleteCookie('XSRF-TOKEN');
  deleteCookie('__Host-XSRF-TOKEN', '/', true);
}

export function apiUrl(path: string): string {
  return `${env.API_URL}${path}`;
}

/** `GET /sanctum/csrf-cookie` (one request at a time). */
export function fetchCsrfCookie(): Promise<void> {
  csrfPromise ??= fetch(apiUrl('/sanctum/csrf-cookie'), {
    method: 'GET',
    credentials: 'include',
    headers: { Accept: 'application/json' },
  })
    .then((res) => {
      if (!res.ok) throw new ApiError(res.status, 'csrf_cookie_failed', res.statusText || 'CSRF cookie');
    })
    .finally(() => {
      csrfPromise = null;
    });
  return csrfPromise;
}

export function buildQuery(query: RequestOptions['query']): string {
  if (!query) return '';
  if (typeof query === 'string') {
    if (query === '' || query === '?') return '';
    return query.startsWith('?') ? query : `?${query}`;
  }
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) params.append(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

async function parseBody(res: Response): Promise<unknown> {
  if (res.status === 204 || res.status === 205) return undefined;
  const text = await res.text();
  if (!text) return undefined;
  const type = res.headers.get('content-type') ?? '';
  if (type.includes('json')) {
    try {
      return JSON.parse(text);
    } catch {
      return text;
    }
  }
  return text;
}

/** The {@link ApiError} of a failed answer (status, `{message, code, errors?}` body). */
export function apiErrorFrom(status: number, statusText: string, body: unknown): ApiError {
  const obj = body && typeof body === 'object' ? (body as Record<string, unknown>) : {};
  const message =
    typeof obj.message === 'string' && obj.message ? obj.message : statusText || `HTTP ${status}`;
  const code = typeof obj.code === 'string' ? obj.code : `http_${status}`;
  const errors: FieldErrors = {};
  if (obj.errors && typeof obj.errors === 'object') {
    for (const [field, value] of Object.entries(obj.errors as Record<string, unknown>)) {
      if (Array.isArray(value)) errors[field] = value.map(String);
      else if (typeof value === 'string') errors[field] = [value];
    }
  }
  return new ApiError(status, code, message, errors, body);
}

/** The headers every request sends: `Accept`, `Accept-Language`, `X-XSRF-TOKEN` when mutating. */
export async function requestHeaders(method: HttpMethod): Promise<Record<string, string>> {
  const headers: Record<string, string> = { Accept: 'application/json', 'Accept-Language': currentLocale() };
  if (MUTATING.has(method)) {
    if (readXsrfToken() === null) await fetchCsrfCookie();
    const token = readXsrfToken();
    if (token !== null) headers['X-XSRF-TOKEN'] = token;
  }
  return headers;
}

async function send(path: string, options: RequestOptions): Promise<Response> {
  const method = options.method ?? 'GET';
  const headers: Record<string, string> = { ...(await requestHeaders(method)), ...options.headers };
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) {
    body = options.body; // the browser sets multipart/form-data with its boundary
  } else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  // on the server, the page's request asks the API in the visitor's name (lib/request-scope.ts)
  const send = requestScope()?.fetch ?? fetch;
  return send(apiUrl(`${path}${buildQuery(options.query)}`), {
    method,
    headers,
    body,
    credentials: 'include',
    signal: options.signal,
  });
}

function report(error: ApiError): ApiError {
  for (const listener of errorListeners) listener(error);
  return error;
}

/**
 * What every failed answer goes through: a 401 calls the app's handler (unless expected), the
 * error listeners hear of it. Returns the error for throwing.
 */
export function failed(error: ApiError, ignoreUnauthorized = false): ApiError {
  if (error.status === 401 && ignoreUnauthorized) return error; // an expected answer
  if (error.status === 401) unauthorizedHandler?.(error);
  return report(error);
}

/** Sends one request and returns the parsed JSON (undefined for 204); throws {@link ApiError}. */
export async function apiRequest<T = unknown>(path: string, options: RequestOptions = {}): Promise<T> {
  const method = options.method ?? 'GET';
  let res: Response;
  try {
    res = await send(path, options);
    if (res.status === 419 && MUTATING.has(method)) {
      await fetchCsrfCookie();
      res = await send(path, options);
    }
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    if (cause instanceof ApiError) throw report(cause);
    throw report(new ApiError(0, 'network_error', cause instanceof Error ? cause.message : 'Network error'));
  }
  const body = await parseBody(res);
  if (!res.ok) throw failed(apiErrorFrom(res.status, res.statusText, body), options.ignoreUnauthorized);
  return body as T;
}

export const api = {
  get: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'GET' }),
  post: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'POST', body }),
  put: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'PUT', body }),
  patch: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'PATCH', body }),
  delete: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'DELETE' }),
};
