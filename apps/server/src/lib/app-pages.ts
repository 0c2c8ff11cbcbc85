/**
 * The web app's index.html per page (issue 13): in the page's language (`<html lang>`), with the
 * first frame its layout starts with drawn into #root (the navbar, and the new-app banner unless
 * the visitor closed it; on the home page a guest's hero; for a guest the cookie notice until
 * confirmed; banner and notice read from the consent cookie as the app reads it, `parseConsent`),
 * so the browser paints the page's top before any script has run. The
 * frames come from the build (`apps/web/build/first-frame.ts`, `.vite/first-frame.json`); every
 * variant is compressed once, at start.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { consentNoticeNeeded, EN_PREFIX, firstFrameOf, parseConsent } from '@elearn/shared';
import { type Precompressed, precompressText } from './precompressed.ts';

type Locale = 'de' | 'en';
type Frame = 'navbar' | 'withBanner' | 'heroNavbar' | 'heroWithBanner';
/** the build's frames per language; `consent` is missing in a build from before session 10, the
 * hero frames in one from before session 11 (the home page then gets the page's frame) */
type Frames = Record<
  Locale,
  Record<'navbar' | 'withBanner', string> & Partial<Record<Frame | 'consent', string>>
>;
/** without and with the banner: a page's frame, and the home page's as a guest sees it */
const FRAME_CHOICE = {
  page: ['navbar', 'withBanner'],
  hero: ['heroNavbar', 'heroWithBanner'],
} as const satisfies Record<string, readonly [Frame, Frame]>;
/** what an older build draws instead of a frame it lacks */
const PAGE_FRAME: Record<Frame, 'navbar' | 'withBanner'> = {
  navbar: 'navbar',
  withBanner: 'withBanner',
  heroNavbar: 'navbar',
  heroWithBanner: 'withBanner',
};

const ROOT = '<div id="root"></div>';
const HTML_LANG = /<html lang="[a-z]+">/;

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
      ? (frame ? (frames[locale][frame] ?? frames[locale][PAGE_FRAME[frame]]) : '') +
        (consent ? (frames[locale].consent ?? '') : '')
      : '';
    return precompressText(
      drawn
        ? html.replace(ROOT, `<div id="root"><div id="first-frame" aria-hidden="true">${drawn}</div></div>`)
        : html,
    );
  };
  const variants = new Map<string, Precompressed>();
  for (const locale of ['de', 'en'] as const)
    for (const frame of [null, 'navbar', 'withBanner', 'heroNavbar', 'heroWithBanner'] as const)
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
      const state = parseConsent(consentCookie);
      // the home page's hero is drawn as a guest sees it (a user's greets them by name instead)
      const choice = FRAME_CHOICE[kind === 'home' && guest ? 'hero' : 'page'];
      const frame = kind === 'none' ? null : choice[kind !== 'area' && state.newAppInfo ? 1 : 0];
      const consent = guest && consentNoticeNeeded(state);
      return variants.get(`${locale}:${frame}:${consent}`)!;
    },
  };
}
