import { EN_PREFIX, seminarSlugOfPage } from '@elearn/shared';
import { type SiteContext, type SiteDocument, wholeSeconds } from '../site.context.ts';
import { SITEMAP_PAGES } from '../site.pages.ts';
import { siteDocument } from './site-document.ts';

const XML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};
const xml = (s: string) => s.replace(/[&<>"']/g, (c) => XML_ESCAPES[c]!);

/** W3C datetime in whole seconds, as the sitemap protocol writes `lastmod` */
const w3c = (d: Date) => `${d.toISOString().slice(0, 19)}Z`;

/** one page in both languages: a `<url>` each, with the alternates de, en and x-default (German) */
function urlsOf(appUrl: string, path: string, lastmod: Date): string[] {
  const de = `${appUrl}${path}`;
  const en = `${appUrl}${EN_PREFIX}${path === '/' ? '' : path}`;
  const alternates = [
    ['de', de],
    ['en', en],
    ['x-default', de],
  ]
    .map(([lang, href]) => `    <xhtml:link rel="alternate" hreflang="${lang}" href="${xml(href!)}"/>`)
    .join('\n');
  return [de, en].map(
    (loc) =>
      `  <url>\n    <loc>${xml(loc)}</loc>\n    <lastmod>${w3c(lastmod)}</lastmod>\n${alternates}\n  </url>`,
  );
}

/**
 * The sitemap (sitemaps.org 0.9 with `xhtml:link` alternates): the public pages and every public
 * seminar's page, each in German and English, absolute from APP_URL. `lastmod`: a seminar's last
 * change; the catalogue and the home page change with the newest of them (or with this process,
 * whose build they come from); the other pages with this process.
 */
export async function buildSitemap(ctx: SiteContext): Promise<SiteDocument> {
  const appUrl = ctx.config.appUrl;
  const rows = await ctx.seminars.publicPages();
  const seminars = rows
    .map((s) => ({
      path: `/seminar/${encodeURIComponent(s.slug)}`,
      slug: s.slug,
      at: wholeSeconds(s.updatedAt),
    }))
    // a slug that names another page (`/seminar/own`) has no page of its own
    .filter((s) => seminarSlugOfPage(s.path) === s.slug);
  const newest = seminars.reduce((max, s) => (s.at > max ? s.at : max), ctx.startedAt);
  const urls = [
    ...SITEMAP_PAGES.flatMap((p) => urlsOf(appUrl, p.path, p.catalogue ? newest : ctx.startedAt)),
    ...seminars.flatMap((s) => urlsOf(appUrl, s.path, s.at)),
  ];
  const body = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n');
  return siteDocument(body, 'application/xml; charset=utf-8', newest);
}
