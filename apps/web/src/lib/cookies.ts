/** Tiny helpers around `document.cookie` (only for cookies readable by JavaScript). */
import { requestScope } from './request-scope';

/** A cookie's value: the browser's, or on the server the rendered request's (its Cookie header). */
export function getCookie(name: string): string | null {
  const source = requestScope()?.cookies ?? (typeof document === 'undefined' ? '' : document.cookie);
  for (const part of source.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return null;
}

export interface CookieOptions {
  days: number;
  sameSite: 'Lax' | 'Strict';
  path?: string;
}

export function setCookie(name: string, value: string, { days, sameSite, path = '/' }: CookieOptions): void {
  const expires = new Date(Date.now() + days * 24 * 60 * 60 * 1000).toUTCString();
  const secure = typeof location !== 'undefined' && location.protocol === 'https:' ? '; Secure' : '';
  // biome-ignore lint/suspicious/noDocumentCookie: the one place that writes cookies (no Cookie Store API in all browsers)
  document.cookie = `${name}=${value}; expires=${expires}; max-age=${days * 24 * 60 * 60}; path=${path}; SameSite=${sameSite}${secure}`;
}

export function deleteCookie(name: string, path = '/', secure = false): void {
  // biome-ignore lint/suspicious/noDocumentCookie: see setCookie
  document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; max-age=0; path=${path}${secure ? '; Secure' : ''}`;
}
