import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

const MAIN = fileURLToPath(new URL('../main.ts', import.meta.url));

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      srv.close(() => (typeof addr === 'object' && addr ? resolve(addr.port) : reject(new Error('no port'))));
    });
  });
}

/**
 * Starts `src/main.ts` (or a compiled bundle, `entry`) as a child process and waits until
 * /api/health answers 200.
 */
export async function startServerProcess(env: Record<string, string>, entry?: string) {
  // a caller may choose the port (an APP_URL naming it), else any free one
  const port = env.PORT ? Number(env.PORT) : await freePort();
  // SERVER_NODE_ARGS: extra flags for the child only, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`
  // to profile the server under a benchmark (Node refuses --cpu-prof in NODE_OPTIONS)
  const extra = (process.env.SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const args = [...extra, ...(entry ? ['--enable-source-maps', entry] : ['--import', 'tsx', MAIN])];
  const child: ChildProcess = spawn(process.execPath, args, {
    env: {
      ...process.env,
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      PORT: String(port),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (d) => {
    output += String(d);
  });
  child.stderr?.on('data', (d) => {
    output += String(d);
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const base = `http://127.0.0.1:${port}`;
  // generous: a fresh embedded database migrates first, and CI machines are shared
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early (${child.exitCode}):\n${output}`);
    try {
      const res = await fetch(`${base}/api/health`);
      if (res.status === 200) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      await exited;
      throw new Error(`server did not start:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return { child, base, exited, output: () => output };
}

/** A tiny cookie-keeping client for a real HTTP server (the SPA's behaviour). */
export function httpClient(base: string) {
  const cookies = new Map<string, string>();
  const remember = (res: Response) => {
    for (const line of res.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const i = pair.indexOf('=');
      cookies.set(pair.slice(0, i), pair.slice(i + 1));
    }
  };
  const header = () => [...cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  return {
    /** the Cookie header and the XSRF token, for requests made without this client */
    cookieHeader: header,
    xsrf: () => decodeURIComponent(cookies.get('XSRF-TOKEN') ?? ''),
    async get(path: string) {
      const res = await fetch(base + path, { headers: { cookie: header(), accept: 'application/json' } });
      remember(res);
      return res;
    },
    async post(path: string, body: unknown, headers: Record<string, string> = {}) {
      if (!cookies.has('XSRF-TOKEN')) await this.get('/sanctum/csrf-cookie');
      const res = await fetch(base + path, {
        method: 'POST',
        headers: {
          cookie: header(),
          accept: 'application/json',
          'content-type': 'application/json',
          'x-xsrf-token': decodeURIComponent(cookies.get('XSRF-TOKEN') ?? ''),
          ...headers,
        },
        body: JSON.stringify(body),
      });
      remember(res);
      return res;
    },
  };
}
