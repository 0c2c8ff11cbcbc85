import { type ChildProcess, spawn } from 'node:child_process';
import { connect } from 'node:net';
import { freePort } from './server-process.ts';

/**
 * A real `redis-server` on its own loopback port, without persistence, for fault tests: it can be
 * stopped (`stop`), started again on the same port (`start`), frozen (`pause`, SIGSTOP) and thawed
 * (`resume`, SIGCONT).
 */
export async function startRedisServer(bin = process.env.REDIS_SERVER_BIN ?? 'redis-server') {
  const port = await freePort();
  let child: ChildProcess | null = null;
  const ping = () =>
    new Promise<boolean>((resolve) => {
      const s = connect(port, '127.0.0.1');
      s.setTimeout(500, () => {
        s.destroy();
        resolve(false);
      });
      s.on('error', () => resolve(false));
      s.on('connect', () => s.write('PING\r\n'));
      s.on('data', (d) => {
        s.destroy();
        resolve(String(d).startsWith('+PONG'));
      });
    });
  const start = async () => {
    child = spawn(bin, ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
      stdio: 'ignore',
    });
    const deadline = Date.now() + 10_000;
    while (!(await ping())) {
      if (Date.now() > deadline) throw new Error(`redis-server did not start on port ${port}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  };
  const stop = async () => {
    const c = child;
    if (!c || c.exitCode !== null) return;
    const exited = new Promise((r) => c.once('exit', r));
    c.kill('SIGCONT');
    c.kill('SIGKILL');
    await exited;
    child = null;
  };
  await start();
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    start,
    stop,
    pause: () => child?.kill('SIGSTOP'),
    resume: () => child?.kill('SIGCONT'),
  };
}
