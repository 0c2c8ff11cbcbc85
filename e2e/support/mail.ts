/**
 * Reads the mails the server writes as `.eml` files into `<DATA_DIR>/mail/` (no SMTP_URL set).
 * A tiny MIME reader: headers (folded lines), nested multiparts, quoted-printable and base64.
 */
import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { E2E_DATA_DIR } from '../playwright.config.ts';

export const MAIL_DIR = path.join(E2E_DATA_DIR, 'mail');

export interface Mail {
  file: string;
  to: string;
  subject: string;
  /** the decoded text/plain parts, joined */
  text: string;
  /** the decoded text/html parts, joined */
  html: string;
}

interface Part {
  headers: Map<string, string>;
  body: string;
}

function splitHeaders(raw: string): Part {
  const source = raw.replace(/\r\n/g, '\n');
  const end = source.indexOf('\n\n');
  const head = end < 0 ? source : source.slice(0, end);
  const body = end < 0 ? '' : source.slice(end + 2);
  const headers = new Map<string, string>();
  // unfold continuation lines (RFC 5322 2.2.3)
  for (const line of head.replace(/\n[ \t]+/g, ' ').split('\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

/** Quoted-printable bytes (RFC 2045 6.7): soft line breaks `=\n` vanish, `=XX` is a byte. */
function quotedPrintableBytes(input: string): Buffer {
  const joined = input.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i++) {
    const hex = joined.slice(i + 1, i + 3);
    if (joined[i] === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(joined[i] ?? '', 'utf8'));
    }
  }
  return Buffer.from(bytes);
}

/** Decodes quoted-printable text as UTF-8. */
export const decodeQuotedPrintable = (input: string): string => quotedPrintableBytes(input).toString('utf8');

/**
 * RFC 2047 encoded words in headers (`=?UTF-8?Q?…?=` / `=?UTF-8?B?…?=`). Adjacent words are
 * joined (the whitespace between them is not text) and decoded together, so that a character
 * split across two words survives.
 */
export function decodeHeader(value: string): string {
  const word = /=\?[^?]+\?([QqBb])\?([^?]*)\?=/g;
  return value.replace(/=\?[^?]+\?[QqBb]\?[^?]*\?=(?:\s*=\?[^?]+\?[QqBb]\?[^?]*\?=)*/g, (run) =>
    Buffer.concat(
      Array.from(run.matchAll(word), ([, enc, text = '']) =>
        enc?.toUpperCase() === 'B'
          ? Buffer.from(text, 'base64')
          : quotedPrintableBytes(text.replace(/_/g, ' ')),
      ),
    ).toString('utf8'),
  );
}

function decodeBody(part: Part): string {
  const encoding = (part.headers.get('content-transfer-encoding') ?? '7bit').toLowerCase();
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(part.body);
  if (encoding === 'base64') return Buffer.from(part.body.replace(/\s+/g, ''), 'base64').toString('utf8');
  return part.body;
}

/** Collects the decoded leaf parts by content type. */
function leaves(part: Part, out: { type: string; text: string }[]): void {
  const type = part.headers.get('content-type') ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (/^multipart\//i.test(type) && boundary) {
    const chunks = part.body.split(`--${boundary}`);
    // chunks[0] is the preamble; the chunk after the closing `--boundary--` starts with `--`
    for (const chunk of chunks.slice(1)) {
      if (chunk.startsWith('--')) break;
      leaves(splitHeaders(chunk.replace(/^\r?\n/, '')), out);
    }
    return;
  }
  out.push({ type: type.split(';')[0]?.trim().toLowerCase() ?? 'text/plain', text: decodeBody(part) });
}

export function parseMail(raw: string, file = ''): Mail {
  const root = splitHeaders(raw);
  const parts: { type: string; text: string }[] = [];
  leaves(root, parts);
  return {
    file,
    to: decodeHeader(root.headers.get('to') ?? ''),
    subject: decodeHeader(root.headers.get('subject') ?? ''),
    text: parts
      .filter((p) => p.type === 'text/plain')
      .map((p) => p.text)
      .join('\n'),
    html: parts
      .filter((p) => p.type === 'text/html')
      .map((p) => p.text)
      .join('\n'),
  };
}

const addressOf = (header: string) => (/<([^>]+)>/.exec(header)?.[1] ?? header).trim().toLowerCase();

/** The newest mail to `address` right now, or null. */
export async function newestMailTo(address: string, containing?: string): Promise<Mail | null> {
  const names = await readdir(MAIL_DIR).catch(() => [] as string[]);
  const files = await Promise.all(
    names
      .filter((name) => name.endsWith('.eml'))
      .map(async (name) => {
        const file = path.join(MAIL_DIR, name);
        return { file, mtime: (await stat(file)).mtimeMs };
      }),
  );
  // newest first: by modification time, then by name (ISO timestamp prefix)
  files.sort((a, b) => b.mtime - a.mtime || b.file.localeCompare(a.file));
  for (const { file } of files) {
    const mail = parseMail(await readFile(file, 'utf8'), file);
    if (containing && !mail.text.includes(containing)) continue;
    if (mail.to.split(',').map(addressOf).includes(address.toLowerCase())) return mail;
  }
  return null;
}

/**
 * Polls the mail directory until a mail to `address` arrives (the only place with a sleep); with
 * `containing`, the newest whose text contains it.
 */
export async function waitForMail(address: string, timeoutMs = 10_000, containing?: string): Promise<Mail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const mail = await newestMailTo(address, containing);
    if (mail) return mail;
    if (Date.now() > deadline) throw new Error(`No mail to ${address} in ${MAIL_DIR} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** The first link in the mail's text part whose path matches `pathPattern`. */
export function findLink(mail: Mail, pathPattern: RegExp): URL {
  const candidates = [mail.text, mail.html.replace(/&amp;/g, '&')].join('\n');
  for (const match of candidates.matchAll(/https?:\/\/[^\s"'<>]+/g)) {
    const url = new URL(match[0]);
    if (pathPattern.test(url.pathname)) return url;
  }
  throw new Error(`No link matching ${pathPattern} in the mail ${mail.file} to ${mail.to}`);
}

/** The verification link mailed to `address` (`/email/verify/{id}/{hash}?expires=…&signature=…`). */
export async function verificationLink(address: string): Promise<URL> {
  // mails leave through the outbox (issue 35): another mail to the address may be newer or older
  return findLink(
    await waitForMail(address, 10_000, '/email/verify/'),
    /^(\/en)?\/email\/verify\/\d+\/[0-9a-f]+$/,
  );
}
