import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from './config.ts';
import { users } from './db/schema/index.ts';
import { createMailTransport } from './plugins/mail.ts';
import { buildTestApp, type TestApp } from './test/build-test-app.ts';

/** No secrets in logs (issue 11 item 15): failed queries and mails written to files. */
describe('log redaction', () => {
  const lines: string[] = [];
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ logLevel: 'info' }, { logStream: { write: (l: string) => lines.push(l) } });
  });
  afterAll(async () => {
    await t.close();
  });

  it('logs a failed query without its parameters (hashes, e-mails)', async () => {
    const existing = await t.make.user();
    const hash = '$argon2id$v=19$m=19456,t=2,p=1$c2VjcmV0LXNhbHQ$c2VjcmV0LWhhc2gtdmFsdWUtMTIzNDU2Nzg';
    let failure: unknown;
    try {
      await t.app.database.db.insert(users).values({
        username: `dup${Date.now()}`,
        email: existing.email,
        firstName: 'A',
        lastName: 'B',
        passwordHash: hash,
      });
    } catch (err) {
      failure = err;
    }
    expect(failure).toBeDefined();
    // the errors plugin logs unknown errors exactly like this
    t.app.log.error({ err: failure }, 'unhandled error');
    const line = lines.find((l) => l.includes('unhandled error'));
    expect(line).toBeDefined();
    expect(line).toContain('Failed query');
    expect(line).toContain('[redacted]');
    expect(line).not.toContain(hash);
    expect(line).not.toContain('c2VjcmV0');
    expect(line).not.toContain(existing.email);
  });

  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'elearn-mail-log-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('log which links a mail holds, with tokens and signatures masked; the file keeps them', async () => {
    // the app's own logger (its serializers and redaction) with mail files in a directory
    const transport = createMailTransport(testConfig({ dataDir: dir }), t.app.log);
    const reset = 'http://localhost:3000/reset-password/RESET-TOKEN-123?email=a%40example.test';
    const verify = 'http://localhost:3000/email/verify/7/abc?expires=99&signature=SIGNATURE-456';
    await transport.deliver({
      to: 'a@example.test',
      subject: 'S',
      text: `${reset} ${verify}`,
      html: '',
      links: [reset, verify],
      messageId: '<log-test@localhost>',
    });
    transport.close();
    const line = lines.find((l) => l.includes('mail written to file'));
    expect(line).toBeDefined();
    expect(line).not.toContain('RESET-TOKEN-123');
    expect(line).not.toContain('SIGNATURE-456');
    expect(line).toContain('/reset-password/***');
    const files = await readdir(path.join(dir, 'mail'));
    expect(await readFile(path.join(dir, 'mail', files[0]!), 'utf8')).toContain('RESET-TOKEN-123');
  });
});
