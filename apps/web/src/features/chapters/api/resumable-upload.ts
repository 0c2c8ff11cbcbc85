/**
 * Resumable uploads with the tus protocol (issue 18, `POST /api/chapters/uploads`, docs/api/uploads.md)
 * through tus-js-client: chunked, retried after a network drop, and remembered in localStorage
 * (tus-js-client's URL storage, keyed by a fingerprint of chapter, kind and file) so that an
 * upload cut by a reload or a browser restart resumes at the server's offset when the same file
 * is chosen again.
 */
import { type DetailedError, defaultOptions, type PreviousUpload, Upload } from 'tus-js-client';
import { type ApiError, apiErrorFrom, apiUrl, fetchCsrfCookie, readXsrfToken } from '@/lib/api-client';
import { currentLocale } from '@/lib/i18n';

export const TUS_ENDPOINT = '/api/chapters/uploads';
/** bytes per PATCH request: small enough for proxies' body limits, large enough to be quick */
export const TUS_CHUNK = 16 * 1024 * 1024;
/** documents above this size go through tus too; smaller ones keep the single request */
export const TUS_DOC_THRESHOLD = 8 * 1024 * 1024;

export type UploadKind = 'video' | 'doc';

export interface UploadStatus {
  /** 0–100, rounded */
  percent: number;
  bytesSent: number;
  bytesTotal: number;
  /** bytes per second over the last seconds, null until measured */
  speed: number | null;
  /** seconds left at that speed, null until measured */
  secondsLeft: number | null;
}

export interface ResumableUpload {
  pause(): void;
  resume(): void;
  /** stops and removes the upload on the server and in this browser's memory */
  cancel(): Promise<void>;
  /** the media id on success; rejects with an ApiError (or an AbortError after cancel) */
  done: Promise<number | null>;
}

const fingerprintOf = (chapterId: number, kind: UploadKind, file: File) =>
  ['elearn-tus', chapterId, kind, file.name, file.size, file.lastModified].join('::');

/** The unfinished uploads this browser remembers for a chapter (to offer them for resuming). */
export async function unfinishedUploads(chapterId: number, kind: UploadKind): Promise<PreviousUpload[]> {
  const all = await defaultOptions.urlStorage.findAllUploads().catch(() => [] as PreviousUpload[]);
  return all.filter(
    (u) => u.metadata.chapter_id === String(chapterId) && (u.metadata.kind ?? 'video') === kind,
  );
}

const headersFor = async (): Promise<Record<string, string>> => {
  if (readXsrfToken() === null) await fetchCsrfCookie();
  return {
    'X-XSRF-TOKEN': readXsrfToken() ?? '',
    'Accept-Language': currentLocale(),
    Accept: 'application/json',
  };
};

/** Forgets a remembered upload and cancels it on the server (the user discarded it). */
export async function discardUpload(previous: PreviousUpload): Promise<void> {
  if (previous.uploadUrl) {
    await Upload.terminate(previous.uploadUrl, { headers: await headersFor(), retryDelays: null }).catch(
      () => undefined,
    );
  }
  await defaultOptions.urlStorage.removeUpload(previous.urlStorageKey).catch(() => undefined);
}

function errorOf(err: Error | DetailedError): ApiError | Error {
  const res = (err as DetailedError).originalResponse;
  if (!res) return err;
  let body: unknown = null;
  try {
    body = JSON.parse(res.getBody());
  } catch {
    body = null;
  }
  return apiErrorFrom(res.getStatus(), '', body);
}

/** Starts (or resumes, when this browser remembers the same file for the chapter) an upload. */
export function startResumableUpload(opts: {
  file: File;
  chapterId: number;
  kind: UploadKind;
  label?: string;
  onStatus: (status: UploadStatus) => void;
  /** the upload stopped after its retries (network away): it may be resumed */
  onStalled?: (error: Error) => void;
}): ResumableUpload {
  const { file, chapterId, kind } = opts;
  // speed over a sliding window of samples (time, bytes)
  const samples: { t: number; bytes: number }[] = [];
  let resolveDone!: (id: number | null) => void;
  let rejectDone!: (err: unknown) => void;
  const done = new Promise<number | null>((resolve, reject) => {
    resolveDone = resolve;
    rejectDone = reject;
  });
  const upload = new Upload(file, {
    endpoint: apiUrl(TUS_ENDPOINT),
    chunkSize: TUS_CHUNK,
    retryDelays: [0, 1000, 3000, 5000, 10000],
    metadata: {
      chapter_id: String(chapterId),
      kind,
      filename: file.name,
      filetype: file.type,
      ...(opts.label ? { label: opts.label } : {}),
    },
    fingerprint: async () => fingerprintOf(chapterId, kind, file),
    storeFingerprintForResuming: true,
    removeFingerprintOnSuccess: true,
    onBeforeRequest: async (req) => {
      for (const [k, v] of Object.entries(await headersFor())) req.setHeader(k, v);
      const xhr = req.getUnderlyingObject() as XMLHttpRequest | undefined;
      if (xhr) xhr.withCredentials = true;
    },
    // a refusal (4xx but a lost lock or an offset conflict) is final; everything else is retried
    onShouldRetry: (err) => {
      const status = err.originalResponse?.getStatus() ?? 0;
      return status === 0 || status === 409 || status === 423 || status >= 500;
    },
    onProgress: (sent, total) => {
      const now = performance.now();
      samples.push({ t: now, bytes: sent });
      while (samples.length > 2 && now - samples[0]!.t > 5000) samples.shift();
      const first = samples[0]!;
      const seconds = (now - first.t) / 1000;
      const speed = seconds >= 0.5 && sent > first.bytes ? (sent - first.bytes) / seconds : null;
      opts.onStatus({
        percent: total > 0 ? Math.min(100, Math.round((sent / total) * 100)) : 0,
        bytesSent: sent,
        bytesTotal: total,
        speed,
        secondsLeft: speed ? Math.ceil((total - sent) / speed) : null,
      });
    },
    onSuccess: ({ lastResponse }) => {
      const id = Number(lastResponse.getHeader('Upload-Media-Id'));
      resolveDone(Number.isFinite(id) && id > 0 ? id : null);
    },
    onError: (err) => {
      const mapped = errorOf(err);
      const status = (err as DetailedError).originalResponse?.getStatus() ?? 0;
      if (status === 0 && opts.onStalled) {
        // the connection is away: the upload stays remembered, the user may resume it
        opts.onStalled(mapped);
        return;
      }
      rejectDone(mapped);
    },
  });
  let canceled = false;
  const begin = async () => {
    const previous = await upload.findPreviousUploads().catch(() => [] as PreviousUpload[]);
    if (previous[0]) upload.resumeFromPreviousUpload(previous[0]);
    if (!canceled) upload.start();
  };
  void begin();
  return {
    pause: () => void upload.abort(false),
    resume: () => {
      samples.length = 0;
      upload.start();
    },
    async cancel() {
      canceled = true;
      await upload.abort(true).catch(() => undefined);
      rejectDone(new DOMException('The upload was canceled', 'AbortError'));
    },
    done,
  };
}

/** "12.3 MB/s", "850 kB/s" */
export function formatSpeed(bytesPerSecond: number, locale: string): string {
  const mb = bytesPerSecond / 1_000_000;
  const fmt = (n: number) => n.toLocaleString(locale, { maximumFractionDigits: n < 10 ? 1 : 0 });
  return mb >= 1 ? `${fmt(mb)} MB/s` : `${fmt(bytesPerSecond / 1000)} kB/s`;
}

/** "1:05:09", "4:07", "0:09" */
export function formatDuration(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = String(s % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${sec}` : `${m}:${sec}`;
}
