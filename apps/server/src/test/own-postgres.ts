import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { chown, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { freePort } from './server-process.ts';

const run = promisify(execFile);

/** The newest installed PostgreSQL's bin directory (Debian's layout), or null when none is installed. */
export function postgresBinDir(): string | null {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const versions = readdirSync(root)
    .filter(
      (v) =>
        existsSync(path.join(root, v, 'bin', 'initdb')) && existsSync(path.join(root, v, 'bin', 'postgres')),
    )
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? path.join(root, versions[0], 'bin') : null;
}

export interface OwnPostgres {
  /** a database of this cluster (`test`) */
  url: string;
  /** the postmaster's process id */
  pid: number;
  /** SIGSTOP to the postmaster and every process it started: the database freezes, sockets stay open */
  freeze(): void;
  /** SIGCONT to the same processes (and any started since) */
  thaw(): void;
  /** stops the cluster (fast shutdown, then SIGKILL) and removes its directory */
  stop(): Promise<void>;
}

/** the process ids whose parent is `pid` (from /proc) */
function childrenOf(pid: number): number[] {
  const out: number[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      // the command may hold spaces and parentheses: the fields after the last ')'
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === pid) out.push(Number(name));
    } catch {
      // the process ended meanwhile
    }
  }
  return out;
}

/**
 * A PostgreSQL cluster of the test's own (not the shared one): `initdb` into a temporary
 * directory and `postgres` on a free loopback port, with trust authentication. As root it runs as
 * the `postgres` OS user (PostgreSQL refuses to run as root). The test may freeze it (SIGSTOP).
 */
export async function startOwnPostgres(): Promise<OwnPostgres> {
  const bin = postgresBinDir();
  if (!bin) throw new Error('PostgreSQL is not installed (/usr/lib/postgresql/*/bin)');
  const asRoot = process.getuid?.() === 0;
  // the postgres user must reach the directory: as root under the system's /tmp (a test run's
  // own temporary directory may be private to root); removed by stop() like any other
  const dir = await mkdtemp(path.join(asRoot ? '/tmp' : os.tmpdir(), 'elearn-pgcluster-'));
  let ids: { uid: number; gid: number } | undefined;
  if (asRoot) {
    const { stdout: uid } = await run('id', ['-u', 'postgres']);
    const { stdout: gid } = await run('id', ['-g', 'postgres']);
    ids = { uid: Number(uid), gid: Number(gid) };
    await chown(dir, ids.uid, ids.gid);
  }
  const data = path.join(dir, 'data');
  const env = { ...process.env, LC_ALL: 'C', HOME: dir };
  let child: ChildProcess | undefined;
  try {
    await run(
      path.join(bin, 'initdb'),
      ['-D', data, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--locale=C', '--no-sync'],
      { env, cwd: dir, ...ids },
    );
    const port = await freePort();
    child = spawn(
      path.join(bin, 'postgres'),
      [
        '-D',
        data,
        '-p',
        String(port),
        '-k',
        dir,
        '-c',
        'listen_addresses=127.0.0.1',
        '-c',
        'fsync=off',
        '-c',
        'max_connections=60',
      ],
      { env, cwd: dir, stdio: ['ignore', 'ignore', 'pipe'], ...ids },
    );
    let log = '';
    child.stderr?.on('data', (d) => {
      log = (log + String(d)).slice(-4000);
    });
    const base = `postgres://postgres@127.0.0.1:${port}`;
    const deadline = Date.now() + 30_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`postgres exited (${child.exitCode}):\n${log}`);
      const c = new pg.Client({ connectionString: `${base}/postgres` });
      try {
        await c.connect();
        await c.query('CREATE DATABASE test');
        await c.end();
        break;
      } catch (err) {
        await c.end().catch(() => undefined);
        if (Date.now() > deadline) throw new Error(`postgres did not start: ${String(err)}\n${log}`);
        await new Promise((r) => setTimeout(r, 100));
      }
    }
    const postmaster = child;
    const pid = postmaster.pid!;
    const exited = new Promise<void>((resolve) => {
      if (postmaster.exitCode !== null) resolve();
      else postmaster.once('exit', () => resolve());
    });
    const signalAll = (signal: NodeJS.Signals) => {
      for (const p of [pid, ...childrenOf(pid)]) {
        try {
          process.kill(p, signal);
        } catch {
          // gone
        }
      }
    };
    return {
      url: `${base}/test`,
      pid,
      freeze: () => signalAll('SIGSTOP'),
      thaw: () => signalAll('SIGCONT'),
      async stop() {
        signalAll('SIGCONT');
        postmaster.kill('SIGINT');
        const timer = setTimeout(() => signalAll('SIGKILL'), 10_000);
        await exited;
        clearTimeout(timer);
        await rm(dir, { recursive: true, force: true });
      },
    };
  } catch (err) {
    child?.kill('SIGKILL');
    await rm(dir, { recursive: true, force: true });
    throw err;
  }
}
