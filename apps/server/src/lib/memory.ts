import v8 from 'node:v8';
import vm from 'node:vm';

let collect: (() => void) | null = null;

/**
 * A full garbage collection now. For long streamed exports only (the team export, issue 36 item
 * 7): the progress read model allocates about 14 KB per row that lives across the batch's
 * database round trips, so the young generation promotes it and V8 lets the old generation grow
 * far before it collects (80–130 MB of resident memory over 50,000 rows, measured). A collection
 * every few thousand rows (≈ 20 ms with the server's ≈ 70 MB of live heap) keeps the growth
 * under 30 MB (docs/performance.md). Uses `global.gc` when the process has it (`--expose-gc`),
 * else exposes it once through V8's flags.
 */
export function collectGarbage(): void {
  if (!collect) {
    const existing = (globalThis as { gc?: () => void }).gc;
    if (existing) collect = existing;
    else {
      v8.setFlagsFromString('--expose-gc');
      collect = vm.runInNewContext('gc') as () => void;
    }
  }
  collect();
}
