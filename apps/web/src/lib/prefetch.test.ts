import { afterEach, describe, expect, it, vi } from 'vitest';
import { canPrefetch, prefetchPath, setPrefetcher } from './prefetch';

const nav = (extra: object) => ({ onLine: true, ...extra }) as unknown as Navigator;

afterEach(() => setPrefetcher(null));

describe('route chunk prefetch', () => {
  it('is skipped on 2g, Save-Data and offline', () => {
    expect(canPrefetch(nav({ connection: { effectiveType: '4g' } }))).toBe(true);
    expect(canPrefetch(nav({}))).toBe(true);
    expect(canPrefetch(nav({ connection: { effectiveType: '2g' } }))).toBe(false);
    expect(canPrefetch(nav({ connection: { effectiveType: 'slow-2g' } }))).toBe(false);
    expect(canPrefetch(nav({ connection: { effectiveType: '4g', saveData: true } }))).toBe(false);
    expect(canPrefetch(nav({ onLine: false }))).toBe(false);
  });

  it('asks the router once per path', () => {
    const seen: string[] = [];
    setPrefetcher((path) => seen.push(path));
    prefetchPath('/impress-prefetch-test');
    prefetchPath('/impress-prefetch-test');
    expect(seen).toEqual(['/impress-prefetch-test']);
  });

  it('does nothing while offline', () => {
    const seen: string[] = [];
    setPrefetcher((path) => seen.push(path));
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    prefetchPath('/offline-prefetch-test');
    expect(seen).toEqual([]);
  });
});
