/**
 * Route chunks are fetched when a link is hovered or focused, except on slow or metered
 * connections (spec section 9: 2g, Save-Data) and when offline.
 */
interface NetworkInformationLike {
  effectiveType?: string;
  saveData?: boolean;
}

export function canPrefetch(nav: Navigator | undefined = globalThis.navigator): boolean {
  if (!nav) return false;
  if (nav.onLine === false) return false;
  const connection = (nav as Navigator & { connection?: NetworkInformationLike }).connection;
  if (connection?.saveData) return false;
  if (connection?.effectiveType?.includes('2g')) return false;
  return true;
}

type Prefetcher = (path: string) => void;
let prefetcher: Prefetcher | null = null;
const done = new Set<string>();

/** The router registers how a path's chunks are loaded. */
export function setPrefetcher(fn: Prefetcher | null): void {
  prefetcher = fn;
}

export function prefetchPath(path: string): void {
  if (!prefetcher || done.has(path) || !canPrefetch()) return;
  done.add(path);
  prefetcher(path);
}
