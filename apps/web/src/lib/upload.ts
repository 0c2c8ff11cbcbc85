/**
 * Multipart uploads with progress (spec section 4: upload progress 0–100, rounded percent).
 * `fetch` reports no upload progress, so this one helper uses XMLHttpRequest; it sends what the
 * api client sends (cookies, `Accept`, `Accept-Language`, `X-XSRF-TOKEN`, one retry after 419)
 * and fails with the same {@link ApiError}.
 */
import {
  ApiError,
  apiErrorFrom,
  apiUrl,
  buildQuery,
  failed,
  fetchCsrfCookie,
  type HttpMethod,
  type RequestOptions,
  requestHeaders,
} from './api-client';

export interface UploadOptions {
  method?: Extract<HttpMethod, 'POST' | 'PUT' | 'PATCH'>;
  query?: RequestOptions['query'];
  /** Called with 0 when sending starts, then with each new rounded percent up to 100. */
  onProgress?: (percent: number) => void;
  /** Aborting cancels the upload (`xhr.abort()`); the promise then rejects with an AbortError. */
  signal?: AbortSignal;
}

const abortError = () => new DOMException('The upload was canceled', 'AbortError');

export const isAbortError = (error: unknown): boolean =>
  error instanceof DOMException && error.name === 'AbortError';

function parse(xhr: XMLHttpRequest): unknown {
  const text = xhr.responseText;
  if (!text) return undefined;
  if ((xhr.getResponseHeader('content-type') ?? '').includes('json')) {
    try {
      return JSON.parse(text);
    } catch {
      return text;
    }
  }
  return text;
}

interface Attempt {
  status: number;
  statusText: string;
  body: unknown;
}

function sendOnce(
  url: string,
  method: string,
  headers: Record<string, string>,
  body: FormData,
  progress: (percent: number) => void,
  signal?: AbortSignal,
): Promise<Attempt> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(abortError());
      return;
    }
    const xhr = new XMLHttpRequest();
    xhr.open(method, url, true);
    xhr.withCredentials = true;
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    const onAbort = () => xhr.abort();
    signal?.addEventListener('abort', onAbort, { once: true });
    const done = () => signal?.removeEventListener('abort', onAbort);
    xhr.upload.onprogress = (event: ProgressEvent) => {
      if (event.lengthComputable && event.total > 0) progress((event.loaded / event.total) * 100);
    };
    xhr.upload.onload = () => progress(100);
    xhr.onload = () => {
      done();
      resolve({ status: xhr.status, statusText: xhr.statusText, body: parse(xhr) });
    };
    xhr.onerror = () => {
      done();
      reject(new ApiError(0, 'network_error', 'Network error'));
    };
    xhr.ontimeout = () => {
      done();
      reject(new ApiError(0, 'network_error', 'Timeout'));
    };
    xhr.onabort = () => {
      done();
      reject(abortError());
    };
    xhr.send(body);
  });
}

/** Sends `form` and resolves with the parsed JSON answer; throws {@link ApiError} or an AbortError. */
export async function uploadWithProgress<T = unknown>(
  path: string,
  form: FormData,
  { method = 'POST', query, onProgress, signal }: UploadOptions = {},
): Promise<T> {
  let last = -1;
  const progress = (raw: number) => {
    const percent = Math.max(0, Math.min(100, Math.round(raw)));
    if (percent === last) return;
    last = percent;
    onProgress?.(percent);
  };
  const url = apiUrl(`${path}${buildQuery(query)}`);
  let result: Attempt;
  try {
    progress(0);
    result = await sendOnce(url, method, await requestHeaders(method), form, progress, signal);
    if (result.status === 419) {
      await fetchCsrfCookie();
      last = -1;
      progress(0);
      result = await sendOnce(url, method, await requestHeaders(method), form, progress, signal);
    }
  } catch (cause) {
    if (isAbortError(cause)) throw cause;
    if (cause instanceof ApiError) throw failed(cause);
    throw failed(new ApiError(0, 'network_error', cause instanceof Error ? cause.message : 'Network error'));
  }
  if (result.status < 200 || result.status >= 300) {
    throw failed(apiErrorFrom(result.status, result.statusText, result.body));
  }
  progress(100);
  return result.body as T;
}
