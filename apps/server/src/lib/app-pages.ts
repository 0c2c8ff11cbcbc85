/**
 * The web app's index.html without a server render: in the page's language (`<html lang>`),
 * compressed once, at start. Served when the build has no server entry (a build of the browser's
 * part only, as some tests make) and, with a message in #root, when a page's render failed
 * (500: the browser then renders the page itself).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { EN_PREFIX, t } from '@elearn/shared';
import { type Precompressed, precompressText } from './precompressed.ts';

type Locale = 'de' | 'en';

const ROOT = '<div id="root"></div>';
const HTML_LANG = /<html lang="[a-z]+">/;

export const localeOfPage = (pathname: string): Locale =>
  pathname === EN_PREFIX || pathname.startsWith(`${EN_PREFIX}/`) ? 'en' : 'de';

export function createAppPages(webDist: string) {
  const template = readFileSync(path.join(webDist, 'index.html'), 'utf8');
  const shell = (locale: Locale, root: string) =>
    precompressText(
      template
        .replace(HTML_LANG, () => `<html lang="${locale}">`)
        .replace(ROOT, () => `<div id="root">${root}</div>`),
    );
  const failed = (locale: Locale) =>
    `<main id="main-content" class="section error-page"><p class="title is-4">${t(locale, 'errors.internal_error')}</p></main>`;
  const variants = {
    de: { page: shell('de', ''), failed: shell('de', failed('de')) },
    en: { page: shell('en', ''), failed: shell('en', failed('en')) },
  } satisfies Record<Locale, Record<'page' | 'failed', Precompressed>>;

  return {
    /** the page's index.html, rendered by the browser */
    forPage(pathname: string): Precompressed {
      return variants[localeOfPage(pathname)].page;
    },
    /** the page of a render that failed: the message of a 500, and the browser tries the page itself */
    failed(pathname: string): Precompressed {
      return variants[localeOfPage(pathname)].failed;
    },
  };
}
