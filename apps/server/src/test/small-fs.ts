import { spawnSync } from 'node:child_process';
import { mkdir } from 'node:fs/promises';

/**
 * Mounts a small tmpfs at `dir` (a real file system that fills up and answers ENOSPC). Needs root
 * (CI runs as root); returns false where mounting is not allowed.
 */
export async function mountSmallFs(dir: string, size: string): Promise<boolean> {
  await mkdir(dir, { recursive: true });
  return spawnSync('mount', ['-t', 'tmpfs', '-o', `size=${size}`, 'tmpfs', dir]).status === 0;
}

export function unmount(dir: string) {
  spawnSync('umount', ['-l', dir]);
}

/** Whether this process may mount file systems (tried once on a scratch directory). */
export async function canMount(scratch: string): Promise<boolean> {
  const ok = await mountSmallFs(scratch, '64k');
  if (ok) unmount(scratch);
  return ok;
}
