import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';
import type { AppConfig } from '../config.ts';
import { randomToken } from '../lib/crypto.ts';
import { redactUrl } from '../lib/log-redaction.ts';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** links in the mail; logged (tokens and signatures masked) when mails go to files */
  links?: string[];
}

export interface Mailer {
  /** sends one mail; never throws (a failure is logged, the caller's operation stands) */
  send(message: MailMessage): Promise<boolean>;
  close(): void;
}

/** Strips CR/LF from header values (no SMTP header injection, ASVS 1.3.11). */
const header = (v: string) => v.replace(/[\r\n]+/g, ' ').trim();

/**
 * SMTP when SMTP_URL is set; otherwise every mail becomes an .eml file under DATA_DIR/mail and
 * its links are logged with their tokens masked (open the file to follow them). Sending is retried twice with a short pause before it is given up.
 */
export function createMailer(config: AppConfig, log: FastifyBaseLogger): Mailer {
  let transport: Transporter;
  let dir: string | null = null;
  if (config.smtpUrl) {
    transport = nodemailer.createTransport(config.smtpUrl);
  } else {
    transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
    dir = config.dataDir === 'memory://' ? null : path.resolve(config.dataDir, 'mail');
  }
  return {
    async send(message) {
      const mail = {
        from: config.mailFrom,
        to: header(message.to),
        subject: header(message.subject),
        text: message.text,
        html: message.html,
      };
      for (let attempt = 1; attempt <= 3; attempt++) {
        try {
          const info = await transport.sendMail(mail);
          if (!config.smtpUrl) {
            if (dir) {
              mkdirSync(dir, { recursive: true });
              const file = path.join(
                dir,
                `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomToken(6)}.eml`,
              );
              try {
                writeFileSync(file, (info as unknown as { message: Buffer }).message);
              } catch (err) {
                // a full disk leaves a partial file: remove it, the attempt counts as failed
                rmSync(file, { force: true });
                throw err;
              }
              log.info(
                // the file holds the working links; the log only says which (no tokens in logs)
                { to: mail.to, subject: mail.subject, file, links: message.links?.map(redactUrl) },
                'mail written to file',
              );
            } else {
              log.debug({ to: mail.to, subject: mail.subject }, 'mail discarded (memory mode)');
            }
          }
          return true;
        } catch (err) {
          log.warn({ err, attempt, to: mail.to }, 'sending mail failed');
          if (attempt < 3) await new Promise((r) => setTimeout(r, 200 * attempt));
        }
      }
      log.error({ to: mail.to, subject: mail.subject }, 'mail given up after 3 attempts');
      return false;
    },
    close() {
      transport.close();
    },
  };
}
