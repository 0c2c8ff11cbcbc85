/**
 * Spec section 8/9: a route chunk that fails to load (typically after a deploy replaced the
 * hashed files) reloads the page, at most once per 60 s so a broken deploy can't loop.
 * Offline (issue 32 item 3) a failed chunk is no reason to reload: the reload would only show the
 * browser's own "no internet" page. The page stays, the app's offline notice says why nothing
 * happens, and the chunk is fetched again once the browser is back online.
 */
export const CHUNK_RELOAD_KEY = 'chunk-reload-at';
export const CHUNK_RELOAD_INTERVAL_MS = 60_000;

const CHUNK_ERROR =
  /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS|Loading (CSS )?chunk .* failed|ChunkLoadError/i;

let targetOf: () => string | null = () => null;
let reloading = false;

/**
 * The router tells where a navigation is heading: a chunk that fails during a client-side
 * navigation reloads the page it was going to, not the one it came from.
 */
export function setChunkReloadTarget(fn: () => string | null): void {
  targetOf = fn;
}

/** The browser says it has no network (`navigator.onLine` is only ever false when it knows). */
export const isOffline = (): boolean => typeof navigator !== 'undefined' && navigator.onLine === false;

export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return error.name === 'ChunkLoadError' || CHUNK_ERROR.test(error.message);
}

/**
 * Reloads unless that happened less than 60 s ago or the browser is offline (the reload would end
 * on the browser's error page); returns whether it reloads.
 */
export function reloadAfterChunkError(now: number = Date.now()): boolean {
  if (isOffline()) return false;
  let last = 0;
  try {
    last = Number(sessionStorage.getItem(CHUNK_RELOAD_KEY)) || 0;
  } catch {
    // storage disabled: reload anyway, the browser keeps nothing so it can't loop either way
  }
  if (last && now - last < CHUNK_RELOAD_INTERVAL_MS) return false;
  try {
    sessionStorage.setItem(CHUNK_RELOAD_KEY, String(now));
  } catch {
    // ignore
  }
  reloading = true;
  const target = targetOf();
  if (target && target !== `${window.location.pathname}${window.location.search}${window.location.hash}`) {
    window.location.assign(target);
  } else {
    window.location.reload();
  }
  return true;
}

/** Resolves at the browser's next `online` event. */
const backOnline = () =>
  new Promise<void>((resolve) => window.addEventListener('online', () => resolve(), { once: true }));

/**
 * Wraps a dynamic import. On a chunk error while online the page reloads (the promise then never
 * settles). While offline it waits for the network and tries again: the running navigation stays
 * pending, so the router keeps the current page, and goes on once the browser is back online (a
 * navigation given up meanwhile is dropped by the router, whatever the promise does).
 */
export async function loadChunk<T>(importer: () => Promise<T>): Promise<T> {
  for (;;) {
    try {
      return await importer();
    } catch (error) {
      if (!isChunkLoadError(error)) throw error;
      // a reload is already under way (e.g. the route's loader and its lazy part both failed)
      if (reloading) return new Promise<T>(() => {});
      if (isOffline()) {
        await backOnline();
        continue;
      }
      if (reloadAfterChunkError()) return new Promise<T>(() => {});
      throw error;
    }
  }
}

/**
 * Vite reports failed preloads of a chunk's dependencies (and the failed import of the chunk
 * itself) with this event. Offline it is left alone: the error reaches `loadChunk`, which waits.
 */
export function installPreloadErrorHandler(): void {
  window.addEventListener('vite:preloadError', (event) => {
    if (reloadAfterChunkError()) event.preventDefault();
  });
}
