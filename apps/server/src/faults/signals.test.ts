import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { Agent as HttpAgent, request as httpRequest } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { PNG } from '../test/fixtures.ts';
import { freePort, httpClient, startServerProcess } from '../test/server-process.ts';

const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const PASSWORD = 'Signal-Passw0rd';

interface Started {
  npm: ChildProcess;
  base: string;
  launcherPid: number;
  serverPid: number;
  npmExited: Promise<number | null>;
  output: () => string;
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};
const waitGone = async (pid: number, ms: number) => {
  const deadline = Date.now() + ms;
  while (alive(pid) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  return !alive(pid);
};
const childrenOf = (pid: number) => {
  try {
    return execFileSync('ps', ['-o', 'pid=,args=', '--ppid', String(pid)], { encoding: 'utf8' })
      .split('\n')
      .map((l) => l.trim())
      .filter(Boolean)
      .map((l) => ({ pid: Number(l.split(/\s+/)[0]), args: l.replace(/^\d+\s+/, '') }));
  } catch {
    return [];
  }
};
/** the first descendant of `pid` whose command line matches */
const descendant = (pid: number, pattern: RegExp): number | undefined => {
  for (const c of childrenOf(pid)) {
    if (pattern.test(c.args)) return c.pid;
    const deeper = descendant(c.pid, pattern);
    if (deeper) return deeper;
  }
  return undefined;
};

/** every process group and server started here, killed after each test whatever happened */
const started: number[] = [];
const killLeftovers = async () => {
  for (const pid of started.splice(0)) {
    for (const target of [-pid, pid]) {
      try {
        process.kill(target, 'SIGKILL');
      } catch {
        // gone already
      }
    }
  }
  await new Promise((r) => setTimeout(r, 200));
};

/** `npm start` in its own process group (like a terminal's foreground job), PGlite in `dataDir` */
async function npmStart(dataDir: string): Promise<Started> {
  const port = await freePort();
  const npm = spawn('npm', ['start'], {
    cwd: ROOT,
    detached: true,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      DEMO_DATA: '0',
      NO_WEB_BUILD: '1',
      RATE_LIMIT_FACTOR: '100',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  npm.stdout?.on('data', (d) => {
    output += String(d);
  });
  npm.stderr?.on('data', (d) => {
    output += String(d);
  });
  const npmExited = new Promise<number | null>((resolve) => npm.on('exit', (code) => resolve(code)));
  if (npm.pid) started.push(npm.pid);
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (npm.exitCode !== null) throw new Error(`npm start exited early (${npm.exitCode}):\n${output}`);
    const ok = await fetch(`${base}/api/health`).then(
      (r) => r.status === 200,
      () => false,
    );
    if (ok) break;
    if (Date.now() > deadline) throw new Error(`npm start did not come up:\n${output}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  const launcherPid = descendant(npm.pid ?? 0, /^(\S*\/)?node\s+scripts\/start\.mjs/);
  const serverPid = launcherPid && descendant(launcherPid, /apps\/server\/(src\/main\.ts|dist\/main\.js)/);
  if (!launcherPid || !serverPid) throw new Error(`launcher or server not found:\n${output}`);
  started.push(serverPid);
  return { npm, base, launcherPid, serverPid, npmExited, output: () => output };
}

/** a user who uploads an avatar slowly: the request is in flight while the signal arrives */
async function slowAvatarUpload(base: string, n: string, agent?: HttpAgent) {
  const client = httpClient(base);
  const email = `signal-${n}@example.test`;
  const reg = await client.post('/api/register', {
    username: `signal${n}`,
    email,
    first_name: 'S',
    last_name: 'G',
    password: PASSWORD,
    password_confirmation: PASSWORD,
  });
  if (reg.status !== 201) throw new Error(`register: ${reg.status}`);
  if ((await client.post('/api/login', { email, password: PASSWORD })).status !== 200)
    throw new Error('login');
  const boundary = `----signal${n}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="first_name"\r\n\r\nSig\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="last_name"\r\n\r\nNal\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="username"\r\n\r\nsignal${n}\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="email"\r\n\r\n${email}\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="avatar"; filename="me.png"\r\nContent-Type: image/png\r\n\r\n`,
  );
  const file = Buffer.concat([PNG, Buffer.alloc(256 * 1024, 7)]);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const body = Buffer.concat([head, file, tail]);
  const url = new URL('/api/user/update', base);
  let resolveStatus: (v: { status: number; body: string }) => void = () => undefined;
  let rejectStatus: (e: unknown) => void = () => undefined;
  const answered = new Promise<{ status: number; body: string }>((res, rej) => {
    resolveStatus = res;
    rejectStatus = rej;
  });
  const req = httpRequest(
    {
      host: url.hostname,
      port: url.port,
      path: url.pathname,
      method: 'POST',
      agent,
      headers: {
        cookie: client.cookieHeader(),
        'x-xsrf-token': client.xsrf(),
        accept: 'application/json',
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'content-length': String(body.length),
      },
    },
    (res) => {
      let text = '';
      res.on('data', (d) => {
        text += String(d);
      });
      res.on('end', () => resolveStatus({ status: res.statusCode ?? 0, body: text }));
      res.on('error', rejectStatus);
    },
  );
  req.on('error', rejectStatus);
  // the first half now, the rest after the signal
  const half = Math.floor(body.length / 2);
  req.write(body.subarray(0, half));
  await new Promise((r) => setTimeout(r, 150));
  return {
    client,
    answered,
    async finish() {
      for (let i = half; i < body.length; i += 32 * 1024) {
        req.write(body.subarray(i, Math.min(body.length, i + 32 * 1024)));
        await new Promise((r) => setTimeout(r, 20));
      }
      req.end();
      return answered;
    },
  };
}

/**
 * The server started through `npm start` (scripts/start.mjs) gets SIGTERM or SIGINT at the server,
 * the launcher, npm, or the whole process group while an upload is in flight: one graceful drain
 * each time (the upload is answered 200 and kept), every process exits, the next start opens the
 * same PGlite directory and has every acknowledged upload, and no partial file stays.
 */
describe('signals through npm start (real processes, PGlite in DATA_DIR)', { timeout: 240_000 }, () => {
  let dataDir: string;
  const acknowledged: string[] = [];
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'elearn-signals-'));
  });
  afterEach(killLeftovers);
  afterAll(async () => {
    await killLeftovers();
    await rm(dataDir, { recursive: true, force: true });
  });

  const cases: { name: string; signal: NodeJS.Signals; target: (s: Started) => number }[] = [
    { name: 'SIGTERM to the server process', signal: 'SIGTERM', target: (s) => s.serverPid },
    { name: 'SIGINT to the launcher', signal: 'SIGINT', target: (s) => s.launcherPid },
    { name: 'SIGINT to the process group (Ctrl-C)', signal: 'SIGINT', target: (s) => -(s.npm.pid ?? 0) },
    { name: 'SIGTERM to npm', signal: 'SIGTERM', target: (s) => s.npm.pid ?? 0 },
  ];
  for (const [i, c] of cases.entries()) {
    it(`${c.name} during an upload: one graceful drain, the upload is kept, nothing outlives npm`, async () => {
      const s = await npmStart(dataDir);
      // an idle keep-alive connection must not hold the drain
      const keepAlive = new HttpAgent({ keepAlive: true });
      await new Promise<void>((resolve, reject) =>
        httpRequest(`${s.base}/api/health`, { agent: keepAlive }, (res) => {
          res.resume();
          res.on('end', () => resolve());
        })
          .on('error', reject)
          .end(),
      );
      const upload = await slowAvatarUpload(s.base, String(i));
      process.kill(c.target(s), c.signal);
      const { status, body } = await upload.finish();
      expect(status, body).toBe(200);
      expect(JSON.parse(body).avatar_url).toMatch(/\/avatar/);
      acknowledged.push(`signal-${i}@example.test`);
      // one drain, ended well before the 10 s limit; npm, the launcher and the server are gone
      await s.npmExited;
      expect(await waitGone(s.serverPid, 12_000)).toBe(true);
      expect(await waitGone(s.launcherPid, 5000)).toBe(true);
      expect(s.output()).toContain('in-flight requests finished');
      expect(s.output()).not.toContain('second signal');
      expect(s.output()).not.toContain('longer than 10 s');
      keepAlive.destroy();
    });
  }

  it('a second SIGTERM exits at once, cutting the upload in flight; the next start has every acknowledged upload, refuses a second process and ends with its launcher', async () => {
    const s = await npmStart(dataDir);
    const upload = await slowAvatarUpload(s.base, 'second');
    upload.answered.catch(() => undefined);
    process.kill(s.serverPid, 'SIGTERM');
    await new Promise((r) => setTimeout(r, 1200));
    process.kill(s.serverPid, 'SIGTERM');
    expect(await waitGone(s.serverPid, 5000)).toBe(true);
    await s.npmExited;
    expect(s.output()).toContain('second signal');
    expect(s.output()).not.toContain('in-flight requests finished');
    await expect(upload.answered).rejects.toThrow();

    // the next start sweeps what the cut upload left and has every acknowledged upload
    const again = await npmStart(dataDir);
    expect(await readdir(path.join(dataDir, 'uploads', 'tmp')).catch(() => [])).toEqual([]);
    expect(acknowledged.length).toBeGreaterThan(0);
    for (const email of acknowledged) {
      const client = httpClient(again.base);
      expect((await client.post('/api/login', { email, password: PASSWORD })).status).toBe(200);
      const me = await client.get('/api/user');
      const url = ((await me.json()) as { avatar_url: string }).avatar_url;
      expect((await client.get(url)).status, email).toBe(200);
    }
    // a second process on the same PGlite directory is refused with a clear message
    await expect(startServerProcess({ DATA_DIR: dataDir, DEMO_DATA: '0' })).rejects.toThrow(
      /in use by process \d+/,
    );
    // a kill -9 of the launcher: the server drains and exits by itself
    process.kill(again.launcherPid, 'SIGKILL');
    expect(await waitGone(again.serverPid, 10_000)).toBe(true);
    expect(again.output()).toContain('(launcher gone): in-flight requests finished');
    await again.npmExited;
  });
});
