/**
 * Vite plugin: the first frame of a page (issue 13), written to `.vite/first-frame.json` for the
 * server, which draws it into index.html: the navbar's brand and, where the page has it and the
 * visitor has not closed it, the new-app banner, in the page's language. The browser paints it as
 * soon as the stylesheet is there, before any script runs; the app keeps showing it while its
 * first page loads (`src/app/first-frame.tsx`) and then puts its own navbar and banner in the same
 * place. The markup follows `Navbar`, `NewAppBanner` and `Notification` with their classes, minus
 * everything interactive (the frame is `aria-hidden` and holds nothing to focus). For a guest who
 * has not confirmed the cookie notice, the server adds the notice as `ConsentModal` draws it: it is
 * the largest text of a first visit (session 10).
 */
import { readFileSync } from 'node:fs';
import type { Plugin } from 'vite';

type Catalog = {
  nav: { logoAlt: string };
  home: { title: string; subtitle: string; register: string; login: string };
  newApp: { title: string; text: string };
  consent: { title: string; text: string; more: string; privacyLink: string; accept: string };
};
const LOCALES = ['de', 'en'] as const;

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** the frames of one language: the navbar alone (also the areas'), and with the banner */
export function framesOf(catalog: Catalog, logo: string) {
  const navbar =
    '<nav class="navbar is-spaced has-shadow"><div class="container"><div class="navbar-brand">' +
    `<span class="navbar-item navbar-logo"><img src="${escapeHtml(logo)}" width="200" height="80" alt="${escapeHtml(catalog.nav.logoAlt)}"></span>` +
    '<span class="navbar-burger"><span></span><span></span><span></span><span></span></span>' +
    '</div></div></nav>';
  const banner =
    '<div class="new-app-banner"><div class="container"><div class="notification is-info is-light">' +
    `<strong>${escapeHtml(catalog.newApp.title)}</strong> ${escapeHtml(catalog.newApp.text)}` +
    '</div></div></div>';
  // the cookie notice as `ConsentModal` draws it for a first visit (no analytics choice); its link
  // and button are drawn without being ones (no href, a span): the frame holds nothing to focus
  const consent =
    '<div class="first-frame-consent"><div class="modal is-active consent-modal">' +
    '<div class="modal-background"></div><div class="modal-card">' +
    `<header class="modal-card-head"><h2 class="modal-card-title">${escapeHtml(catalog.consent.title)}</h2></header>` +
    '<section class="modal-card-body"><div class="content">' +
    `<p>${escapeHtml(catalog.consent.text)}</p>` +
    `<p>${escapeHtml(catalog.consent.more)} <a>${escapeHtml(catalog.consent.privacyLink)}</a></p>` +
    '</div></section>' +
    `<footer class="modal-card-foot"><span class="button is-primary">${escapeHtml(catalog.consent.accept)}</span></footer>` +
    '</div></div></div>';
  // the home page's hero as `HomePage` draws it for a guest (session 11): its title is the largest
  // text of the page; the buttons are spans, and the illustration's box is there without its
  // drawing (the same viewBox gives it the same size), so nothing moves when the page takes over
  const hero =
    '<main class="layout-main"><section class="hero is-primary is-medium home-hero"><div class="hero-body">' +
    '<div class="container"><div class="columns is-vcentered"><div class="column is-7-tablet">' +
    `<h1 class="title is-1">${escapeHtml(catalog.home.title)}</h1>` +
    `<p class="subtitle is-4">${escapeHtml(catalog.home.subtitle)}</p>` +
    '<div class="buttons">' +
    `<span class="button is-white is-medium">${escapeHtml(catalog.home.register)}</span>` +
    `<span class="button is-light is-medium">${escapeHtml(catalog.home.login)}</span>` +
    '</div></div><div class="column is-5-tablet is-hidden-mobile">' +
    '<svg class="home-hero-illustration" viewBox="0 0 480 360" aria-hidden="true" focusable="false"></svg>' +
    '</div></div></div></div></section></main>';
  return {
    navbar: `<div class="layout">${navbar}</div>`,
    withBanner: `<div class="layout">${navbar}${banner}</div>`,
    heroNavbar: `<div class="layout layout-hero">${navbar}${hero}</div>`,
    heroWithBanner: `<div class="layout layout-hero">${navbar}${banner}${hero}</div>`,
    consent,
  };
}
export type Frames = Record<(typeof LOCALES)[number], ReturnType<typeof framesOf>>;

export function firstFrame(): Plugin {
  return {
    name: 'elearn:first-frame',
    apply: 'build',
    generateBundle(_options, bundle) {
      const logo = Object.keys(bundle).find((name) => /^assets\/logo-[\w-]+\.svg$/.test(name));
      if (!logo) throw new Error('the first frame needs the logo (src/assets/logo.svg) in the build');
      const frames = Object.fromEntries(
        LOCALES.map((locale) => {
          const url = new URL(`../src/i18n/${locale}.json`, import.meta.url);
          return [locale, framesOf(JSON.parse(readFileSync(url, 'utf8')) as Catalog, `/${logo}`)];
        }),
      ) as Frames;
      this.emitFile({ type: 'asset', fileName: '.vite/first-frame.json', source: JSON.stringify(frames) });
    },
  };
}
