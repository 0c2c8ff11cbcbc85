// npm start: builds the web app and the server when needed, then runs the compiled server
// (API + app) in one process.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(root, 'apps/web/dist/index.html');
// SERVER_OUTDIR: another folder directly under apps/server, as for build-server.mjs (a test's own)
const outDir = process.env.SERVER_OUTDIR ?? 'dist';
const serverBundle = path.join(root, 'apps/server', outDir, 'main.js');

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

/**
 * Runs a build step as one line ("… done in 12.3 s"); its output only if it has any (warnings),
 * and all of it when the step fails.
 */
function quietly(label, args, cwd, env = {}) {
  process.stdout.write(`${label}… `);
  const t0 = Date.now();
  const run = spawnSync(process.execPath, args, { cwd, encoding: 'utf8', env: { ...process.env, ...env } });
  const output = `${run.stdout ?? ''}${run.stderr ?? ''}`.trim();
  if (run.status !== 0) {
    console.log('failed:');
    console.error(output || run.error?.message || `exit ${run.status ?? run.signal}`);
    process.exit(run.status || 1);
  }
  console.log(`done in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  // build-server.mjs reports its own time on success; anything else is a warning worth reading
  const rest = output.split('\n').filter((l) => l.trim() && !/^server built into /.test(l));
  if (rest.length) console.log(rest.join('\n'));
}

const sources = [path.join(root, 'apps/web/src'), path.join(root, 'packages/shared/src')];
// NO_WEB_BUILD=1 starts without building (the server then serves the API and a missing app)
const stale =
  process.env.NO_WEB_BUILD !== '1' &&
  (!existsSync(dist) ||
    Math.max(...sources.map(newestMtime)) > statSync(dist).mtimeMs ||
    process.env.FORCE_BUILD === '1');
if (stale) {
  // Vite's own output (a line per file) would bury the address and the demo logins: only its
  // warnings and errors are shown, in full when the build fails
  const vite = path.join(
    path.dirname(createRequire(path.join(root, 'apps/web/package.json')).resolve('vite/package.json')),
    'bin',
    'vite.js',
  );
  quietly(
    'Building the web app (apps/web/dist)',
    [vite, 'build', '--logLevel', 'warn'],
    path.join(root, 'apps/web'),
    {
      NODE_ENV: 'production',
    },
  );
}

const serverSources = [
  path.join(root, 'apps/server/src'),
  path.join(root, 'packages/shared/src'),
  path.join(root, 'scripts/build-server.mjs'),
];
const newest = (p) => (statSync(p).isDirectory() ? newestMtime(p) : statSync(p).mtimeMs);
const serverStale =
  !existsSync(serverBundle) ||
  Math.max(...serverSources.map(newest)) > statSync(serverBundle).mtimeMs ||
  process.env.FORCE_BUILD === '1';
if (serverStale)
  quietly(`Building the server (apps/server/${outDir})`, [path.join(root, 'scripts/build-server.mjs')], root);

// The server runs in its own process group, so that a signal to the whole group (Ctrl-C,
// `kill -- -PGID`) reaches it once, through this launcher, and not twice (directly and forwarded:
// the server takes a second signal as "exit at once"). The IPC channel ties it to this process:
// when the launcher dies, even by kill -9, the server drains and exits.
const server = spawn(process.execPath, ['--enable-source-maps', serverBundle], {
  cwd: root,
  stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  detached: true,
});
// one signal, however it arrives (npm forwards the group's signal once more): repeats within a
// second are the same request; a later one is forwarded and makes the server exit at once
const SAME_SIGNAL_MS = 1000;
let lastForward = 0;
const forward = (signal) => {
  const now = Date.now();
  if (now - lastForward < SAME_SIGNAL_MS) return;
  lastForward = now;
  if (server.exitCode === null && server.signalCode === null) server.kill(signal);
};
process.on('SIGINT', () => forward('SIGINT'));
process.on('SIGTERM', () => forward('SIGTERM'));
process.on('SIGHUP', () => forward('SIGTERM'));
// npm runs this script through `sh -c`, and a SIGTERM to npm ends that shell without reaching us:
// when our parent is gone, drain the server as if we had been signalled
const parent = process.ppid;
const watch = setInterval(() => {
  if (process.ppid === parent) return;
  clearInterval(watch);
  forward('SIGTERM');
}, 250);
watch.unref();
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
