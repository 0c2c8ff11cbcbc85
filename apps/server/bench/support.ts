/**
 * What the benchmark scripts share (issue 33 item 7): the server they start, its resident memory,
 * a logged-in session over real HTTP, quantiles of measured latencies and a deterministic random
 * source. Each `bench/*.ts` imports these instead of keeping its own copy.
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';

/** the compiled server (`npm run build:server`), as in production */
export const COMPILED = path.join(import.meta.dirname, '..', 'dist', 'main.js');
/** the compiled server when it is built, else undefined (startServerProcess then runs src/main.ts) */
export const ENTRY = existsSync(COMPILED) ? COMPILED : undefined;
/** how the output names the server under test */
export const serverKind = () =>
  ENTRY ? 'compiled (apps/server/dist/main.js)' : 'TypeScript sources through tsx (no build)';

/** the resident memory of a process, in KiB (Linux /proc) */
export async function rssKb(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
}

/** the resident memory of a process, in MB */
export async function rssMb(pid: number): Promise<number> {
  return Math.round((await rssKb(pid)) / 1024);
}

/** the value below which a share `q` (0..1) of the measurements lie (nearest rank, rounded) */
export function quantile(values: number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return Math.round(sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] ?? 0);
}

/** a small deterministic generator (no Math.random: the same data every run) */
export function lcg(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1_664_525) + 1_013_904_223) >>> 0;
    return s / 2 ** 32;
  };
}

/**
 * Logs in over real HTTP as the web app does (the CSRF cookie first, then `POST /api/login` with
 * the XSRF header) and returns the session's cookie header and XSRF token for later requests.
 */
export async function login(base: string, email: string, password: string) {
  const jar = new Map<string, string>();
  const keep = (res: Response) => {
    for (const line of res.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const i = pair.indexOf('=');
      jar.set(pair.slice(0, i), pair.slice(i + 1));
    }
  };
  keep(await fetch(`${base}/sanctum/csrf-cookie`));
  const xsrfName = () => [...jar.keys()].find((k) => k.endsWith('XSRF-TOKEN')) ?? 'XSRF-TOKEN';
  const cookie = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
  const res = await fetch(`${base}/api/login`, {
    method: 'POST',
    headers: {
      cookie: cookie(),
      accept: 'application/json',
      'content-type': 'application/json',
      'x-xsrf-token': decodeURIComponent(jar.get(xsrfName()) ?? ''),
    },
    body: JSON.stringify({ email, password }),
  });
  if (res.status !== 200) throw new Error(`login ${email}: ${res.status}`);
  keep(res);
  return { cookie: cookie(), xsrf: decodeURIComponent(jar.get(xsrfName()) ?? '') };
}
