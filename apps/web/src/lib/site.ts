/**
 * The site's public address (the server's `APP_URL`), for canonical URLs and link previews. The
 * server names it in the page it renders; in the browser it is read from there once, else the
 * window's origin (the development server, component tests).
 */
let origin: string | null = null;

export function setSiteOrigin(value: string | null): void {
  origin = value ? value.replace(/\/+$/, '') : null;
}

export function siteOrigin(): string {
  if (origin) return origin;
  return typeof window !== 'undefined' ? window.location.origin : 'http://localhost';
}

/** `path` (starting with `/`) as an absolute address of the site. */
export function absoluteUrl(path: string): string {
  return `${siteOrigin()}${path}`;
}
