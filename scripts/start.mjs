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
const stale =
  !existsSync(dist) ||
  Math.max(...sources.map(newestMtime)) > statSync(dist).mtimeMs ||
  process.env.FORCE_BUILD === '1';
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

const server = spawn(process.execPath, ['--enable-source-maps', serverBundle], {
  cwd: root,
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
