// npm run typecheck: the four TypeScript projects, two at a time (the machine's two cores; one tsc
// uses one), the largest first. Each project's output is printed as one block when it ends; the
// exit code is 1 when any project has an error.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';

const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
const PROJECTS = ['apps/web', 'apps/server', 'packages/shared', 'e2e'];
const width = Math.max(1, Math.min(PROJECTS.length, availableParallelism()));

function check(project) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(process.execPath, [tsc, '-p', project, '--noEmit', '--pretty'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.on('close', (code) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      process.stdout.write(
        `tsc -p ${project}: ${code === 0 ? 'no errors' : 'errors'} (${seconds} s)\n${out}`,
      );
      resolve(code === 0);
    });
  });
}

const queue = [...PROJECTS];
const results = await Promise.all(
  Array.from({ length: width }, async () => {
    let ok = true;
    for (let p = queue.shift(); p; p = queue.shift()) ok = (await check(p)) && ok;
    return ok;
  }),
);
process.exit(results.every(Boolean) ? 0 : 1);
