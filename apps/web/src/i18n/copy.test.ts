import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatPercent } from '@/lib/format';

/**
 * One copy in German and English (issue 32 item 15): Swiss spelling (ss, never ß), one name for
 * the people who learn ("Teilnehmende"), no gendered "seiner Firma", the form of address of the
 * UI ("Sie") in the demo chapters too, and every percent through `formatPercent` (Intl).
 */
const webSrc = resolve(__dirname, '..');
const repo = resolve(webSrc, '../../..');

function filesUnder(dir: string, keep: (name: string) => boolean): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return filesUnder(path, keep);
    return keep(name) ? [path] : [];
  });
}

const catalogs = (lang: 'de' | 'en') => filesUnder(webSrc, (name) => name === `${lang}.json`);
/** the demo data: every source file of the seed folder, so a file split off stays checked */
const demoData = filesUnder(
  join(repo, 'apps/server/src/seed'),
  (name) => /\.ts$/.test(name) && !/\.test\.ts$/.test(name),
);
/** the server's German texts: error messages, mails, the certificate, the demo data */
const serverTexts = [
  ...[
    'packages/shared/src/i18n/messages.ts',
    'apps/server/src/lib/mail-templates.ts',
    'apps/server/src/modules/progress/certificate.pdf.ts',
  ].map((path) => join(repo, path)),
  ...demoData,
];

/** the lines of the files that match, as "file:line: text" */
function hits(files: string[], pattern: RegExp): string[] {
  return files.flatMap((file) =>
    readFileSync(file, 'utf8')
      .split('\n')
      .flatMap((line, index) =>
        pattern.test(line) ? [`${relative(repo, file)}:${index + 1}: ${line.trim()}`] : [],
      ),
  );
}

describe('copy (issue 32 item 15)', () => {
  const german = [...catalogs('de'), ...serverTexts];

  it('finds the catalogs and the server texts it checks', () => {
    expect(catalogs('de').length).toBeGreaterThan(5);
    expect(catalogs('en')).toHaveLength(catalogs('de').length);
    // the demo chapters' texts among them (they moved from db/ to seed/ and were split once)
    expect(hits(demoData, /Formulieren Sie Ziele/)).toHaveLength(1);
  });

  it('writes Swiss German: ss, never ß', () => {
    expect(hits(german, /ß/)).toEqual([]);
  });

  it('names the people who learn "Teilnehmende", in no other form and not gendered', () => {
    expect(hits(german, /Teilnehm(?!end)/)).toEqual([]);
    expect(hits(german, /\b(seiner|seine|ihrer) Firma\b/)).toEqual([]);
  });

  it('addresses the learner as "Sie" in the demo chapters as in the UI', () => {
    expect(
      hits(
        demoData,
        /(?<!\p{L})(du|dich|dir|dein\p{L}*|Formuliere|Beschreibe|Achte|Plane|Kläre|Nimm|Lies)(?!\p{L})/u,
      ),
    ).toEqual([]);
  });

  it('writes "free" in tables with one capitalization', () => {
    const cells = [...catalogs('de'), ...catalogs('en')].flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(/"(\w*[Ff]ree\w*|source\w*|free)": "([^"]*)"/g)].map(
        (m) => `${relative(repo, file)}: ${m[1]} = ${m[2]}`,
      ),
    );
    expect(cells.length).toBeGreaterThan(4);
    // a table cell or a tag is one word or phrase starting with a capital
    const lower = cells.filter((cell) => /= (kostenlos|free|booked for free|gekauft|purchased)/.test(cell));
    expect(lower).toEqual([]);
  });

  it('calls the access links page by one name', () => {
    expect(hits([...catalogs('de'), ...catalogs('en')], /Gebuchte Links|Booked links/)).toEqual([]);
  });

  it('formats percents with Intl.NumberFormat in the page language', () => {
    expect(formatPercent(69, 'de')).toBe('69\u00a0%');
    expect(formatPercent(60, 'en')).toBe('60%');
    expect(formatPercent(62.5, 'de')).toBe('62,5\u00a0%');
    expect(formatPercent(62.5, 'en', 0)).toBe('63%');
    expect(formatPercent(null, 'en')).toBe('–');
  });

  it('formats no percent by hand: catalogs take it formatted, sources call formatPercent', () => {
    // a catalog text puts no "%" after a placeholder ("{{percent}} %"): the value comes formatted
    expect(hits([...catalogs('de'), ...catalogs('en')], /\}\}\s*%/)).toEqual([]);
    // no "${x} %", "${x}%" or JSX "{x} %" in the web sources but the helper
    const sources = filesUnder(webSrc, (name) => /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name)).filter(
      (file) => !file.endsWith(join('lib', 'format.ts')),
    );
    expect(sources.length).toBeGreaterThan(50);
    expect(hits(sources, /\$\{[^}]*\}\s?%|\{[\w.()]+\}\s?%\s*<|\.toFixed\(\d\)\s*\+?\s*['"`]?\s?%/)).toEqual(
      [],
    );
  });
});
