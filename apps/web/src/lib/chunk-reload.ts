/**
 * Spec section 8/9: a route chunk that fails to load (typically after a deploy replaced the
 * hashed files) reloads the page, at most once per 60 s so a broken deploy can't loop.
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

export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return error.name === 'ChunkLoadError' || CHUNK_ERROR.test(error.message);
}

/** Reloads unless that happened less than 60 s ago; returns whether it reloads. */
export function reloadAfterChunkError(now: number = Date.now()): boolean {
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

/** Wraps a dynamic import: on a chunk error the page reloads (the promise then never settles). */
export async function loadChunk<T>(importer: () => Promise<T>): Promise<T> {
  try {
    return await importer();
  } catch (error) {
    // a reload is already under way (e.g. the route's loader and its lazy part both failed)
    if (isChunkLoadError(error) && (reloading || reloadAfterChunkError())) return new Promise<T>(() => {});
    throw error;
  }
}

/** Vite reports failed preloads of a chunk's dependencies with this event. */
export function installPreloadErrorHandler(): void {
  window.addEventListener('vite:preloadError', (event) => {
    if (reloadAfterChunkError()) event.preventDefault();
  });
}
