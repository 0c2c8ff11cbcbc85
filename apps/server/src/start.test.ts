import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from './seed/seed.ts';
import { freePort } from './test/server-process.ts';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const OUTDIR = `.build-start-${process.pid}`;

/** what a worried newcomer would read as a problem (npm's, Vite's and the server's warnings) */
const WORRYING = /warn|EBADENGINE|error|PLUGIN_TIMINGS|IMPORT_IS_UNDEFINED|[╭╰│]|corporateTraining/i;

/**
 * `npm start` as a newcomer runs it (development, no APP_URL, a fresh DATA_DIR) until it has
 * printed the demo logins; then SIGTERM to its process group, as Ctrl-C would.
 */
async function npmStart(dataDir: string, port: number) {
  const env: Record<string, string | undefined> = {
    ...process.env,
    PORT: String(port),
    DATA_DIR: dataDir,
    SERVER_OUTDIR: OUTDIR,
    // the web app is built when apps/web/dist is missing (a fresh clone); a build there is reused
    NO_WEB_BUILD: existsSync(path.join(ROOT, 'apps/web/dist/index.html')) ? '1' : undefined,
  };
  for (const name of ['NODE_ENV', 'LOG_LEVEL', 'APP_URL', 'HOST', 'DEMO_DATA', 'DATABASE_URL', 'FORCE_BUILD'])
    delete env[name];
  const npm: ChildProcess = spawn('npm', ['start'], {
    cwd: ROOT,
    env,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  npm.stdout?.on('data', (d) => {
    output += String(d);
  });
  npm.stderr?.on('data', (d) => {
    output += String(d);
  });
  const exited = new Promise<number | null>((resolve) => npm.on('exit', (code) => resolve(code)));
  const last = DEMO_ACCOUNTS.at(-1)?.email ?? '';
  const deadline = Date.now() + 220_000;
  while (!new RegExp(`${last.replace('.', '\\.')}\\n\\n$`).test(output)) {
    if (npm.exitCode !== null) throw new Error(`npm start exited (${npm.exitCode}):\n${output}`);
    if (Date.now() > deadline) {
      process.kill(-(npm.pid ?? 0), 'SIGKILL');
      throw new Error(`npm start printed no logins:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    output: () => output,
    async stop() {
      process.kill(-(npm.pid ?? 0), 'SIGTERM');
      return exited;
    },
  };
}

describe('npm start, as a newcomer runs it', { timeout: 300_000 }, () => {
  let dataDir: string | undefined;
  afterAll(async () => {
    await rm(path.join(ROOT, 'apps/server', OUTDIR), { recursive: true, force: true });
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('prints no warning and ends with the address and the demo logins, roles in words', async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'elearn-start-'));
    const port = await freePort();
    const started = await npmStart(dataDir, port);
    const output = started.output();
    try {
      const lines = output.trimEnd().split('\n');
      for (const line of lines) expect(line).not.toMatch(WORRYING);
      // the build steps take a line each
      expect(lines.filter((l) => l.startsWith('Building ')).every((l) => / done in [\d.]+ s$/.test(l))).toBe(
        true,
      );
      // … the address, then the logins as the last lines
      const open = lines.indexOf(`  Open http://localhost:${port}`);
      expect(open, output).toBeGreaterThan(0);
      const tail = lines.slice(-DEMO_ACCOUNTS.length);
      expect(lines.at(-DEMO_ACCOUNTS.length - 1)).toBe(
        'Demo data created. Demo logins (e-mail, password Demo-Passwort1 for all):',
      );
      expect(
        lines.slice(open + 1, -DEMO_ACCOUNTS.length - 1).every((l) => l === '' || l.startsWith('  or ')),
      ).toBe(true);
      expect(tail.map((l) => l.trim().split(/\s{2,}/))).toEqual(DEMO_ACCOUNTS.map((a) => [a.role, a.email]));
      // roles in words, German / English
      for (const { role } of DEMO_ACCOUNTS) expect(role).toMatch(/^[A-ZÄÖÜ][a-zäöü]+ \/ [a-z]+( [a-z]+)?$/);
      // every address printed answers
      const printed =
        lines
          .slice(open)
          .join(' ')
          .match(/http:\/\/[\w.[\]:]+/g) ?? [];
      expect(printed).toContain(`http://127.0.0.1:${port}`);
      for (const url of printed) expect((await fetch(`${url}/api/health`)).status, url).toBe(200);
    } finally {
      await started.stop();
    }
  });
});
