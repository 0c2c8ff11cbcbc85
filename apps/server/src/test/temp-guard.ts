import { mkdtempSync, readdirSync, realpathSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll } from 'vitest';

/**
 * Each test file removes what it made in the temporary directory (issue 32 item 8): this setup
 * file of the server project gives every test file a temporary directory of its own (TMPDIR,
 * which `os.tmpdir()` and the child processes a test starts read) and, after the file's own
 * `afterAll` hooks, fails the file when an `elearn-*` entry is left in it. The directory is
 * removed either way, so a failing file leaves nothing behind itself.
 */
const outer = process.env.ELEARN_OUTER_TMPDIR ?? os.tmpdir();
process.env.ELEARN_OUTER_TMPDIR = outer;
const own = realpathSync(mkdtempSync(path.join(outer, 'vitest-file-')));
const before = process.env.TMPDIR;
process.env.TMPDIR = own;

/** the `elearn-*` entries of a directory (its own temporary directory, for a test file) */
export function leftBehind(dir: string): string[] {
  return readdirSync(dir).filter((name) => name.startsWith('elearn-'));
}

afterAll(() => {
  // the next file in this worker starts from the outer directory again
  if (before === undefined) delete process.env.TMPDIR;
  else process.env.TMPDIR = before;
  const left = leftBehind(own);
  rmSync(own, { recursive: true, force: true });
  if (left.length) {
    throw new Error(
      `this test file left ${left.length} temporary ${left.length === 1 ? 'directory' : 'directories'} behind ` +
        `(${left.join(', ')}): remove what a test makes (afterAll, finally)`,
    );
  }
});
