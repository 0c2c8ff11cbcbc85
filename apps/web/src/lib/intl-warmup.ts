/**
 * Loads ICU's locale data in a worker while the page's chunks and data are on their way, so the
 * first price or date the page formats does not block the main thread (see the worker).
 * Where module workers are missing, the first formatter pays as before.
 */
export function warmIntlOffThread(): void {
  if (typeof Worker === 'undefined') return;
  try {
    const worker = new Worker(new URL('./intl-warmup.worker.ts', import.meta.url), { type: 'module' });
    const done = () => worker.terminate();
    worker.addEventListener('message', done);
    worker.addEventListener('error', done);
  } catch {
    // no module workers: nothing to warm
  }
}
