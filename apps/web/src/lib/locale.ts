import { DEFAULT_LOCALE, EN_PREFIX, type Locale } from '@elearn/shared';
import { getCookie, setCookie } from './cookies';

export type { Locale };
export { DEFAULT_LOCALE };

/** Cookie that remembers the chosen language (spec section 9: 365 days). */
export const LOCALE_COOKIE = 'i18n_redirected';
export const LOCALE_COOKIE_DAYS = 365;

/** The language a path belongs to: English under `/en`, German otherwise. */
export function localeFromPath(pathname: string): Locale {
  return pathname === EN_PREFIX || pathname.startsWith(`${EN_PREFIX}/`) ? 'en' : 'de';
}

/** The path without its language prefix (`/en/login` → `/login`, `/en` → `/`). */
export function stripLocale(pathname: string): string {
  if (localeFromPath(pathname) === 'de') return pathname || '/';
  const rest = pathname.slice(EN_PREFIX.length);
  return rest === '' ? '/' : rest;
}

/** Adds the prefix of `locale` to an unprefixed app path (`/login` → `/en/login`). */
export function localizePath(path: string, locale: Locale): string {
  const clean = path.startsWith('/') ? path : `/${path}`;
  if (locale === 'de') return clean;
  if (clean === '/') return EN_PREFIX;
  if (clean.startsWith('/?') || clean.startsWith('/#')) return `${EN_PREFIX}${clean.slice(1)}`;
  return `${EN_PREFIX}${clean}`;
}

/** The same page in another language: swaps the prefix, keeps the rest. */
export function switchLocalePath(pathname: string, target: Locale): string {
  return localizePath(stripLocale(pathname), target);
}

export function readLocaleCookie(): Locale | null {
  const value = getCookie(LOCALE_COOKIE);
  return value === 'de' || value === 'en' ? value : null;
}

export function writeLocaleCookie(locale: Locale): void {
  setCookie(LOCALE_COOKIE, locale, { days: LOCALE_COOKIE_DAYS, sameSite: 'Lax' });
}

/** A redirect target from the query is followed only when it stays on this site. */
export function safeRedirect(value: string | null | undefined): string | null {
  if (!value?.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  return value;
}
