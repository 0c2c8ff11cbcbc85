// npm start: builds the web app and the server when needed, then runs the compiled server
// (API + app) in one process.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(root, 'apps/web/dist/index.html');
const serverBundle = path.join(root, 'apps/server/dist/main.js');

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

const sources = [path.join(root, 'apps/web/src'), path.join(root, 'packages/shared/src')];
// NO_WEB_BUILD=1 starts without building (the server then serves the API and a missing app)
const stale =
  process.env.NO_WEB_BUILD !== '1' &&
  (!existsSync(dist) ||
    Math.max(...sources.map(newestMtime)) > statSync(dist).mtimeMs ||
    process.env.FORCE_BUILD === '1');
if (stale) {
  console.log('Building the web app (apps/web/dist)…');
  const build = spawnSync('npm', ['run', 'build', '-w', 'apps/web'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
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
if (serverStale) {
  console.log('Building the server (apps/server/dist)…');
  const build = spawnSync(process.execPath, [path.join(root, 'scripts/build-server.mjs')], {
    cwd: root,
    stdio: 'inherit',
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

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
