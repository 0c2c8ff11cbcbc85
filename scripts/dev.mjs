// npm run dev: the API with reload on change, and the Vite dev server (proxying /api) with hot reload.
import { spawn } from 'node:child_process';

const procs = [
  spawn('npm', ['run', 'dev', '-w', 'apps/server'], {
    stdio: 'inherit',
    env: { ...process.env, PORT: '3000' },
  }),
  spawn('npm', ['run', 'dev', '-w', 'apps/web'], { stdio: 'inherit' }),
];
const stop = (signal) => {
  for (const p of procs) p.kill(signal);
};
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));
for (const p of procs)
  p.on('exit', (code) => {
    stop('SIGTERM');
    process.exitCode = code ?? 0;
  });
