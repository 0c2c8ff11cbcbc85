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
type Frames = Record<Locale, Record<Frame | 'consent', string>>;

const ROOT = '<div id="root"></div>';
const HTML_LANG = /<html lang="[a-z]+">/;

/** The consent cookie's JSON as an object; anything else (absent, malformed) as none. */
function consentOf(consentCookie: string | undefined): Record<string, unknown> {
  if (!consentCookie) return {};
  try {
    const value = JSON.parse(consentCookie) as unknown;
    return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** Whether the new-app banner shows: as the app reads the consent cookie (closed only by `newAppInfo: false`) */
export function bannerShown(consentCookie: string | undefined): boolean {
  return consentOf(consentCookie).newAppInfo !== false;
}

/**
 * Whether a guest sees the cookie notice: as the app decides (`ConsentNotice`), until the cookie
 * says it was confirmed (`consentedRequired: true`) and closed (`cookies: false`).
 */
export function consentNoticeShown(consentCookie: string | undefined): boolean {
  const consent = consentOf(consentCookie);
  return consent.cookies !== false || consent.consentedRequired !== true;
}

export interface AppPagesOptions {
  /** With Matomo the notice holds a choice the frame does not draw: then it comes with the app. */
  drawConsent?: boolean;
}

export function createAppPages(webDist: string, { drawConsent = true }: AppPagesOptions = {}) {
  const template = readFileSync(path.join(webDist, 'index.html'), 'utf8');
  const framesFile = path.join(webDist, '.vite', 'first-frame.json');
  const frames = existsSync(framesFile) ? (JSON.parse(readFileSync(framesFile, 'utf8')) as Frames) : null;
  const render = (locale: Locale, frame: Frame | null, consent: boolean) => {
    const html = template.replace(HTML_LANG, `<html lang="${locale}">`);
    const drawn = frames
      ? (frame ? frames[locale][frame] : '') + (consent ? (frames[locale].consent ?? '') : '')
      : '';
    return precompressText(
      drawn
        ? html.replace(ROOT, `<div id="root"><div id="first-frame" aria-hidden="true">${drawn}</div></div>`)
        : html,
    );
  };
  const variants = new Map<string, Precompressed>();
  for (const locale of ['de', 'en'] as const)
    for (const frame of [null, 'navbar', 'withBanner'] as const)
      for (const consent of [false, true])
        variants.set(`${locale}:${frame}:${consent}`, render(locale, frame, consent && drawConsent));

  return {
    /**
     * The page's index.html for a visitor with this consent cookie; `guest` when no one is logged
     * in (only a guest can see the cookie notice).
     */
    forPage(pathname: string, consentCookie: string | undefined, guest = false): Precompressed {
      const locale: Locale = pathname === EN_PREFIX || pathname.startsWith(`${EN_PREFIX}/`) ? 'en' : 'de';
      const kind = firstFrameOf(pathname);
      const frame =
        kind === 'none' ? null : kind === 'page' && bannerShown(consentCookie) ? 'withBanner' : 'navbar';
      const consent = guest && consentNoticeShown(consentCookie);
      return variants.get(`${locale}:${frame}:${consent}`)!;
    },
  };
}
