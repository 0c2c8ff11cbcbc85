import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  raw: string;
  /** the decoded text (quoted-printable undone) */
  text: string;
  subject: string;
  links: string[];
  /** the Message-ID header */
  messageId: string;
}

const decodeQp = (s: string) =>
  s
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(Number.parseInt(h, 16)));

/** Decodes RFC 2047 encoded words (`=?UTF-8?Q?…?=`, `=?UTF-8?B?…?=`) of a header. */
const decodeWords = (s: string) =>
  s
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?UTF-8\?([QB])\?([^?]*)\?=/gi, (_, enc: string, text: string) =>
      enc.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : Buffer.from(decodeQp(text.replace(/_/g, ' ')), 'latin1').toString('utf8'),
    );

/**
 * A real SMTP server on a free loopback port (or `port`) that keeps every mail it receives.
 * `refuseAfterData`: the first that many mails are kept but answered with 451, as if the
 * connection broke after the server took the mail (the sender retries: a duplicate).
 */
export async function startSmtp(opts: { port?: number; refuseAfterData?: number } = {}) {
  let refuse = opts.refuseAfterData ?? 0;
  const mails: ReceivedMail[] = [];
  const waiters: (() => void)[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    // no reverse DNS of 127.0.0.1 before each greeting (the sandbox's resolver is slow at times)
    disableReverseLookup: true,
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const text = Buffer.from(decodeQp(raw), 'latin1').toString('utf8');
        const subject = decodeWords(/^Subject: (.*(?:\r?\n[ \t].*)*)/m.exec(raw)?.[1] ?? '');
        const links = [...new Set(text.match(/https?:\/\/[^\s"<>]+/g) ?? [])];
        const messageId = /^Message-ID: (.*)$/im.exec(raw)?.[1]?.trim() ?? '';
        mails.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
          text,
          subject,
          links,
          messageId,
        });
        for (const w of waiters.splice(0)) w();
        if (refuse > 0) {
          refuse--;
          callback(Object.assign(new Error('try again later'), { responseCode: 451 }));
          return;
        }
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    /** waits until a mail to `address` arrived (or times out) */
    async waitFor(address: string, timeoutMs = 5000): Promise<ReceivedMail> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = mails.filter((m) => m.to.includes(address)).at(-1);
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`no mail to ${address} within ${timeoutMs} ms`);
        await new Promise<void>((r) => {
          waiters.push(r);
          setTimeout(r, 100);
        });
      }
    },
    mailsTo: (address: string) => mails.filter((m) => m.to.includes(address)),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
