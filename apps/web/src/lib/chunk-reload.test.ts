import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const reload = vi.fn();
const assign = vi.fn();

/** A fresh module per test: in the browser its state ends with the reload. */
const fresh = () => import('./chunk-reload');

beforeEach(() => {
  vi.resetModules();
  reload.mockClear();
  assign.mockClear();
  vi.stubGlobal('location', { pathname: '/impress', search: '', hash: '', reload, assign });
});

afterEach(() => sessionStorage.clear());

const chunkError = () => new TypeError('Failed to fetch dynamically imported module: /assets/dsg-x.js');

describe('chunk load failures', () => {
  it('recognises dynamic import errors of the browsers', async () => {
    const { isChunkLoadError } = await fresh();
    expect(isChunkLoadError(chunkError())).toBe(true);
    expect(isChunkLoadError(new TypeError('error loading dynamically imported module'))).toBe(true);
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new Error('boom'))).toBe(false);
  });

  it('reloads at most once per 60 s', async () => {
    const { CHUNK_RELOAD_KEY, reloadAfterChunkError } = await fresh();
    expect(reloadAfterChunkError(1_000_000)).toBe(true);
    expect(sessionStorage.getItem(CHUNK_RELOAD_KEY)).toBe('1000000');
    expect(reloadAfterChunkError(1_030_000)).toBe(false);
    expect(reloadAfterChunkError(1_060_001)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
  });

  it('goes to the target of a running navigation instead of reloading the old page', async () => {
    const { reloadAfterChunkError, setChunkReloadTarget } = await fresh();
    setChunkReloadTarget(() => '/dsg');
    expect(reloadAfterChunkError(5_000_000)).toBe(true);
    expect(assign).toHaveBeenCalledWith('/dsg');
    expect(reload).not.toHaveBeenCalled();
  });

  it('loadChunk reloads on a chunk error; within 60 s the error reaches the error page', async () => {
    const { loadChunk } = await fresh();
    const pending = loadChunk(() => Promise.reject(chunkError()));
    const settled = await Promise.race([
      pending.then(() => 'settled'),
      new Promise((r) => setTimeout(() => r('pending'), 20)),
    ]);
    expect(settled).toBe('pending');
    expect(reload).toHaveBeenCalledTimes(1);

    // after the reload (a fresh module), a second failure within 60 s is shown, not reloaded
    vi.resetModules();
    const again = await fresh();
    await expect(again.loadChunk(() => Promise.reject(chunkError()))).rejects.toThrow(/dynamically imported/);
    await expect(again.loadChunk(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(reload).toHaveBeenCalledTimes(1);
  });
});

describe('chunk load failures while offline (issue 32 item 3)', () => {
  const setOnline = (online: boolean) => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online);
    window.dispatchEvent(new Event(online ? 'online' : 'offline'));
  };
  afterEach(() => vi.restoreAllMocks());
  const state = (promise: Promise<unknown>) =>
    Promise.race([
      promise.then(
        () => 'resolved',
        () => 'rejected',
      ),
      new Promise((r) => setTimeout(() => r('pending'), 20)),
    ]);

  it('does not reload offline and does not use up the once-per-60-s reload', async () => {
    const { CHUNK_RELOAD_KEY, reloadAfterChunkError } = await fresh();
    setOnline(false);
    expect(reloadAfterChunkError(1_000_000)).toBe(false);
    expect(reload).not.toHaveBeenCalled();
    expect(assign).not.toHaveBeenCalled();
    expect(sessionStorage.getItem(CHUNK_RELOAD_KEY)).toBeNull();
    setOnline(true);
    expect(reloadAfterChunkError(1_000_001)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('loadChunk keeps the navigation waiting offline and loads the chunk once online again', async () => {
    const { loadChunk } = await fresh();
    setOnline(false);
    const importer = vi
      .fn<() => Promise<{ default: string }>>()
      .mockRejectedValueOnce(chunkError())
      .mockResolvedValueOnce({ default: 'page' });
    const pending = loadChunk(importer);
    expect(await state(pending)).toBe('pending');
    expect(importer).toHaveBeenCalledTimes(1);
    expect(reload).not.toHaveBeenCalled();

    setOnline(true);
    await expect(pending).resolves.toEqual({ default: 'page' });
    expect(importer).toHaveBeenCalledTimes(2);
    expect(reload).not.toHaveBeenCalled();
  });

  it('loadChunk reloads when the chunk still fails after the network is back', async () => {
    const { loadChunk } = await fresh();
    setOnline(false);
    const pending = loadChunk(() => Promise.reject(chunkError()));
    expect(await state(pending)).toBe('pending');
    expect(reload).not.toHaveBeenCalled();
    setOnline(true);
    await new Promise((r) => setTimeout(r, 0));
    expect(reload).toHaveBeenCalledTimes(1);
    expect(await state(pending)).toBe('pending');
  });

  it("Vite's preload error is left to the import offline and reloads online", async () => {
    const { installPreloadErrorHandler } = await fresh();
    installPreloadErrorHandler();
    setOnline(false);
    const offline = new Event('vite:preloadError', { cancelable: true });
    window.dispatchEvent(offline);
    expect(offline.defaultPrevented).toBe(false);
    expect(reload).not.toHaveBeenCalled();
    setOnline(true);
    const online = new Event('vite:preloadError', { cancelable: true });
    window.dispatchEvent(online);
    expect(online.defaultPrevented).toBe(true);
    expect(reload).toHaveBeenCalledTimes(1);
  });
});
