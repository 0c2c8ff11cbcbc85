import { closeSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';

/** Another process holds the PGlite data directory. */
export class DataDirInUseError extends Error {
  constructor(
    readonly dir: string,
    readonly pid: number,
  ) {
    super(
      `The database directory ${dir} is in use by process ${pid} (PGlite allows one process at a time). ` +
        'Stop that process first, or start this one with another DATA_DIR.',
    );
  }
}

const held = new Set<string>();

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: the process exists but belongs to someone else
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/**
 * Takes `<file>` (created exclusively, holding this process id) for a PGlite data directory. A
 * lock left by a process that is gone (a kill -9) is taken over; a live holder is refused with
 * {@link DataDirInUseError}. Returns the release function.
 * @throws DataDirInUseError
 */
export function lockDataDir(dir: string, file: string): () => void {
  if (held.has(file)) throw new DataDirInUseError(dir, process.pid);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, 'wx', 0o600);
      writeSync(fd, String(process.pid));
      closeSync(fd);
      held.add(file);
      return () => {
        held.delete(file);
        rmSync(file, { force: true });
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const pid = Number(readFileSync(file, 'utf8').trim());
      // this process's own stale lock (a test reopening after a crash) or a dead holder: take over
      if (Number.isInteger(pid) && pid > 0 && pid !== process.pid && alive(pid))
        throw new DataDirInUseError(dir, pid);
      rmSync(file, { force: true });
    }
  }
  throw new DataDirInUseError(dir, Number.NaN);
}
