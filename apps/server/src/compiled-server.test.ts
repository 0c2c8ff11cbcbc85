import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createScratchPostgres } from './db/client.ts';
import { httpClient, startServerProcess } from './test/server-process.ts';

const run = promisify(execFile);
const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const OUTDIR = `.build-${process.pid}`;
const BUNDLE = path.join(ROOT, 'apps/server', OUTDIR, 'main.js');

/** `npm run build:server` into a folder of its own, then the bundle started as `npm start` does */
describe('the compiled server', () => {
  let dataDir: string;
  beforeAll(async () => {
    await run(process.execPath, [path.join(ROOT, 'scripts/build-server.mjs')], {
      cwd: ROOT,
      env: { ...process.env, SERVER_OUTDIR: OUTDIR },
    });
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'elearn-compiled-'));
  }, 120_000);
  afterAll(async () => {
    await rm(path.join(ROOT, 'apps/server', OUTDIR), { recursive: true, force: true });
    await rm(dataDir, { recursive: true, force: true });
  });

  it('is plain JavaScript that needs neither tsx nor the TypeScript sources', async () => {
    const code = await readFile(BUNDLE, 'utf8');
    expect(code).not.toMatch(/from ["']tsx/);
    expect(code).not.toMatch(/from ["']@elearn\/shared/);
    expect(code).not.toMatch(/\.ts["']\)?;?\n/);
  });

  const scratch = process.env.TEST_DATABASE_URL;
  it.each([
    ['PGlite', false],
    ['PostgreSQL', true],
  ] as const)(
    'starts on %s, migrates, registers and logs a user in',
    async (_name, pgRun) => {
      if (pgRun && !scratch) return; // the PostgreSQL run of this file does it (TEST_DATABASE_URL)
      const db = pgRun && scratch ? await createScratchPostgres(scratch) : null;
      const server = await startServerProcess(
        { DATA_DIR: dataDir, DEMO_DATA: '0', ...(db ? { DATABASE_URL: db.url } : {}) },
        BUNDLE,
      );
      try {
        const api = httpClient(server.base);
        await api.get('/sanctum/csrf-cookie');
        const list = await api.get('/api/seminars');
        expect(list.status).toBe(200);
        const reg = await api.post('/api/register', {
          first_name: 'Comp',
          last_name: 'Iled',
          username: `compiled${pgRun ? 'pg' : 'lite'}`,
          email: `compiled-${pgRun ? 'pg' : 'lite'}@example.test`,
          password: 'Compiled-Pass-1',
          password_confirmation: 'Compiled-Pass-1',
        });
        expect(reg.status).toBe(201);
        const login = await httpClient(server.base).post('/api/login', {
          email: `compiled-${pgRun ? 'pg' : 'lite'}@example.test`,
          password: 'Compiled-Pass-1',
        });
        expect(login.status).toBe(200);
      } finally {
        server.child.kill('SIGTERM');
        expect(await server.exited).toBe(0);
        await db?.drop();
      }
    },
    120_000,
  );
});
