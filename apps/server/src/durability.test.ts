import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { httpClient, startServerProcess } from './test/server-process.ts';

/**
 * The embedded default (PGlite in DATA_DIR) runs PostgreSQL with fsync off. A write the server
 * acknowledged must survive a SIGKILL of the process: PGlite writes its WAL to the data files
 * through the OS before a query returns, and only a machine crash could lose it.
 */
describe('PGlite durability and shutdown (real process)', () => {
  const dirs: string[] = [];
  afterAll(async () => {
    for (const d of dirs) await rm(d, { recursive: true, force: true });
  });
  const dataDir = async () => {
    const d = await mkdtemp(path.join(os.tmpdir(), 'elearn-durable-'));
    dirs.push(d);
    return d;
  };

  it('keeps every acknowledged write after SIGKILL and restarts on the same data', async () => {
    const dir = await dataDir();
    const env = { DATA_DIR: dir, DEMO_DATA: '0', RATE_LIMIT_FACTOR: '100' };
    const emails: string[] = [];
    for (let round = 0; round < 3; round++) {
      const server = await startServerProcess(env);
      const client = httpClient(server.base);
      for (let i = 0; i < 5; i++) {
        const email = `kill${round}-${i}@example.test`;
        const res = await client.post('/api/register', {
          username: `kill${round}x${i}`,
          email,
          first_name: 'K',
          last_name: 'L',
          password: 'Durable-1',
          password_confirmation: 'Durable-1',
        });
        expect(res.status).toBe(201);
        emails.push(email);
      }
      // kill right after the last acknowledged write, without any shutdown
      server.child.kill('SIGKILL');
      await server.exited;
    }
    const server = await startServerProcess(env);
    try {
      for (const email of emails) {
        const res = await httpClient(server.base).post('/api/login', { email, password: 'Durable-1' });
        expect(res.status, email).toBe(200);
      }
    } finally {
      server.child.kill('SIGKILL');
      await server.exited;
    }
  }, 180_000);

  it('finishes in-flight requests on SIGTERM and exits with 0', async () => {
    const dir = await dataDir();
    const server = await startServerProcess({ DATA_DIR: dir, DEMO_DATA: '0' });
    const client = httpClient(server.base);
    await client.get('/sanctum/csrf-cookie');
    const inflight = client.post('/api/register', {
      username: 'term',
      email: 'term@example.test',
      first_name: 'T',
      last_name: 'S',
      password: 'Shutdown-1',
      password_confirmation: 'Shutdown-1',
    });
    await new Promise((r) => setTimeout(r, 20));
    server.child.kill('SIGTERM');
    const res = await inflight;
    expect(res.status).toBe(201);
    expect(await server.exited).toBe(0);
    // the next start needs no recovery and has the user
    const again = await startServerProcess({ DATA_DIR: dir, DEMO_DATA: '0' });
    try {
      expect(
        (
          await httpClient(again.base).post('/api/login', {
            email: 'term@example.test',
            password: 'Shutdown-1',
          })
        ).status,
      ).toBe(200);
    } finally {
      again.child.kill('SIGTERM');
      expect(await again.exited).toBe(0);
    }
  }, 120_000);

  it('refuses to start with a bad environment and lists every bad variable', async () => {
    await expect(startServerProcess({ PORT: 'abc', CURRENCY: 'euro' })).rejects.toThrow(
      /PORT[\s\S]*CURRENCY|CURRENCY[\s\S]*PORT/,
    );
  });
});
