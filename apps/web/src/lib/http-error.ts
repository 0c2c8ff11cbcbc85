/** An error with an HTTP-like status for the error page (spec section 8). */
export class HttpError extends Error {
  readonly status: number;

  constructor(status: number, message: string) {
    super(message);
    this.name = 'HttpError';
    this.status = status;
  }
}

interface ErrorLike {
  status?: unknown;
  statusCode?: unknown;
  response?: { status?: unknown };
  message?: unknown;
  statusText?: unknown;
  data?: unknown;
}

/** The status of anything thrown: `statusCode`, `status` or `response.status`, default 500. */
export function errorStatus(error: unknown): number {
  if (error && typeof error === 'object') {
    const e = error as ErrorLike;
    for (const candidate of [e.statusCode, e.status, e.response?.status]) {
      if (typeof candidate === 'number' && candidate >= 400 && candidate < 600) return candidate;
    }
  }
  return 500;
}

/** The message of anything thrown (a route error response's data.message, an Error's message…). */
export function errorMessage(error: unknown): string | null {
  if (typeof error === 'string') return error || null;
  if (error && typeof error === 'object') {
    const e = error as ErrorLike;
    if (
      e.data &&
      typeof e.data === 'object' &&
      typeof (e.data as { message?: unknown }).message === 'string'
    ) {
      return (e.data as { message: string }).message || null;
    }
    if (typeof e.data === 'string' && e.data) return e.data;
    if (typeof e.message === 'string' && e.message) return e.message;
    if (typeof e.statusText === 'string' && e.statusText) return e.statusText;
  }
  return null;
}
