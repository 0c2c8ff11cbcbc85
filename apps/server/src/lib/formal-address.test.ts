import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { MESSAGES } from '@elearn/shared';
import { describe, expect, it } from 'vitest';
import {
  actionMail,
  bookingPaidMail,
  companyInvitationMail,
  emailChangedMail,
  privacyMail,
} from './mail-templates.ts';

/**
 * German uses the formal "Sie" everywhere (issue 14.5): the web app's catalogs, the server's
 * messages and the mail templates. Informal pronouns and the "du" forms of verbs are refused.
 */
const PRONOUNS =
  /(?<!\p{L})(du|dich|dir|dein|deine|deinen|deinem|deiner|deines|euch|euer|eure|euren|eurem|eurer)(?!\p{L})/iu;
// the "du" forms of verbs, lower case only: "Versuche" / "Gib" can be nouns or start a heading
const VERBS =
  /(?<!\p{L})(hast|kannst|bist|musst|willst|möchtest|solltest|darfst|wirst|erhältst|bestätige|wende|melde|klicke|wähle|gib|prüfe|versuche|ignoriere|schau|warte|gehe|nimm|lies|sieh)(?!\p{L})/u;
const isInformal = (text: string) => PRONOUNS.test(text) || VERBS.test(text);

const webSrc = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../web/src');

function germanCatalogs(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return germanCatalogs(file);
    return name === 'de.json' ? [file] : [];
  });
}

function strings(value: unknown, at: string): [string, string][] {
  if (typeof value === 'string') return [[at, value]];
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, child]) => strings(child, `${at}.${key}`));
  }
  return [];
}

const informal = (texts: [string, string][]) =>
  texts.filter(([, text]) => isInformal(text)).map(([at, text]) => `${at}: ${text}`);

describe('German texts use the formal address', () => {
  it('recognises the informal address (the check itself)', () => {
    expect(informal([['a', 'Bitte bestätige deine E-Mail-Adresse']])).toHaveLength(1);
    expect(informal([['b', 'Du hast das Seminar gebucht.']])).toHaveLength(1);
    expect(informal([['c', 'Bitte wenden Sie sich an den Support. Produkt, Dirigent, Durchlauf']])).toEqual(
      [],
    );
  });

  it('in every German catalog of the web app', () => {
    const files = germanCatalogs(webSrc);
    expect(files.length).toBeGreaterThanOrEqual(5);
    const texts = files.flatMap((file) =>
      strings(JSON.parse(readFileSync(file, 'utf8')), path.relative(webSrc, file)),
    );
    expect(texts.length).toBeGreaterThan(500);
    expect(informal(texts)).toEqual([]);
  });

  it('in the server messages', () => {
    expect(informal(strings(MESSAGES.de, 'messages'))).toEqual([]);
  });

  it('in the mail templates', () => {
    const mails = [
      actionMail('verify', 'de', 'Erika', 'https://example.ch/v'),
      actionMail('reset', 'de', 'Erika', 'https://example.ch/r'),
      bookingPaidMail('de', {
        name: 'Erika',
        seminarTitle: 'Projektarbeit',
        amount: 'CHF 90.00',
        seminarUrl: 'https://example.ch/s',
        paymentsUrl: 'https://example.ch/p',
      }),
      emailChangedMail('de', {
        name: 'Erika',
        newEmail: 'neu@example.ch',
        url: 'https://example.ch/impress',
      }),
      companyInvitationMail('de', {
        company: 'Muster AG',
        inviter: 'Franz Firma',
        url: 'https://example.ch/company/join/t',
        days: 14,
      }),
      ...(['export_ready', 'deletion_requested', 'deletion_canceled', 'erased'] as const).flatMap((kind) => [
        privacyMail(kind, 'de', { name: 'Erika', url: 'https://example.ch/u', date: '9.12.2026' }),
        privacyMail(kind, 'de', {
          name: 'Erika',
          url: 'https://example.ch/u',
          byAdmin: true,
          subject: 'Max',
        }),
      ]),
    ];
    expect(informal(mails.flatMap((mail, i) => strings(mail, `mail${i}`)))).toEqual([]);
  });
});
