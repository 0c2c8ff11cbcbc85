/**
 * The web app's index.html per page (issue 13): in the page's language (`<html lang>`), with the
 * first frame its layout starts with drawn into #root (the navbar, and the new-app banner unless
 * the visitor closed it), so the browser paints the page's top before any script has run. The
 * frames come from the build (`apps/web/build/first-frame.ts`, `.vite/first-frame.json`); every
 * variant is compressed once, at start.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { CONSENT_COOKIE, EN_PREFIX, firstFrameOf } from '@elearn/shared';

export { CONSENT_COOKIE };

import { type Precompressed, precompressText } from './precompressed.ts';

type Locale = 'de' | 'en';
type Frame = 'navbar' | 'withBanner';
type Frames = Record<Locale, Record<Frame, string>>;

const ROOT = '<div id="root"></div>';
const HTML_LANG = /<html lang="[a-z]+">/;

/** Whether the new-app banner shows: as the app reads the consent cookie (closed only by `newAppInfo: false`) */
export function bannerShown(consentCookie: string | undefined): boolean {
  if (!consentCookie) return true;
  try {
    const value = JSON.parse(consentCookie) as unknown;
    return !(
      typeof value === 'object' &&
      value !== null &&
      (value as { newAppInfo?: unknown }).newAppInfo === false
    );
  } catch {
    return true;
  }
}

export function createAppPages(webDist: string) {
  const template = readFileSync(path.join(webDist, 'index.html'), 'utf8');
  const framesFile = path.join(webDist, '.vite', 'first-frame.json');
  const frames = existsSync(framesFile) ? (JSON.parse(readFileSync(framesFile, 'utf8')) as Frames) : null;
  const render = (locale: Locale, frame: Frame | null) => {
    const html = template.replace(HTML_LANG, `<html lang="${locale}">`);
    const drawn = frame && frames ? frames[locale][frame] : '';
    return precompressText(
      drawn
        ? html.replace(ROOT, `<div id="root"><div id="first-frame" aria-hidden="true">${drawn}</div></div>`)
        : html,
    );
  };
  const variants = new Map<string, Precompressed>();
  for (const locale of ['de', 'en'] as const)
    for (const frame of [null, 'navbar', 'withBanner'] as const)
      variants.set(`${locale}:${frame}`, render(locale, frame));

  return {
    /** the page's index.html for a visitor with this consent cookie */
    forPage(pathname: string, consentCookie: string | undefined): Precompressed {
      const locale: Locale = pathname === EN_PREFIX || pathname.startsWith(`${EN_PREFIX}/`) ? 'en' : 'de';
      const kind = firstFrameOf(pathname);
      const frame =
        kind === 'none' ? null : kind === 'page' && bannerShown(consentCookie) ? 'withBanner' : 'navbar';
      return variants.get(`${locale}:${frame}`)!;
    },
  };
}
