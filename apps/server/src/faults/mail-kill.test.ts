import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { httpClient, startServerProcess } from '../test/server-process.ts';
import { startSmtp } from '../test/smtp.ts';

/**
 * The outbox across kill -9 (issue 35): a registration that answered 201 has its verification mail
 * in the database, so a server killed before sending it (here: instances with JOB_WORKERS=0,
 * killed right after their last answer) loses nothing. A later instance with workers sends every
 * promised mail, each once. Real server processes on the embedded database.
 */
describe('mails promised before a kill -9 arrive after the restart, each once', () => {
  let dir: string;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'elearn-mail-kill-'));
    smtp = await startSmtp();
  });
  afterAll(async () => {
    await smtp.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('three instances killed after their answers, then one with workers', async () => {
    const env = { DATA_DIR: dir, DEMO_DATA: '0', RATE_LIMIT_FACTOR: '100', SMTP_URL: smtp.url };
    const promised: string[] = [];
    for (let round = 0; round < 3; round++) {
      const server = await startServerProcess({ ...env, JOB_WORKERS: '0' });
      const client = httpClient(server.base);
      for (let i = 0; i < 4; i++) {
        const email = `mailkill${round}-${i}@example.test`;
        const res = await client.post('/api/register', {
          username: `mailkill${round}x${i}`,
          email,
          first_name: 'M',
          last_name: 'K',
          password: 'Mail-Kill-1',
          password_confirmation: 'Mail-Kill-1',
        });
        expect(res.status).toBe(201);
        promised.push(email);
      }
      server.child.kill('SIGKILL');
      await server.exited;
    }
    expect(smtp.mails).toEqual([]);

    const server = await startServerProcess(env);
    try {
      for (const email of promised) await smtp.waitFor(email, 30_000);
      // a moment for any duplicate to show
      await new Promise((r) => setTimeout(r, 2500));
      for (const email of promised) expect(smtp.mailsTo(email), email).toHaveLength(1);
      expect(smtp.mails).toHaveLength(promised.length);
    } finally {
      server.child.kill('SIGTERM');
      await server.exited;
    }
  }, 240_000);
});
