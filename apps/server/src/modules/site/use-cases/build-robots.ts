import { EN_PREFIX } from '@elearn/shared';
import type { SiteContext, SiteDocument } from '../site.context.ts';
import { DISALLOWED, DISALLOWED_SERVER } from '../site.pages.ts';
import { siteDocument } from './site-document.ts';

/**
 * robots.txt (RFC 9309): every crawler may read the public pages, none the private areas (in
 * both languages) or the API; the sitemap's absolute address.
 */
export function buildRobots(ctx: SiteContext): SiteDocument {
  const rules = [...DISALLOWED_SERVER, ...DISALLOWED.flatMap((path) => [path, `${EN_PREFIX}${path}`])].map(
    (path) => `Disallow: ${path}`,
  );
  const body = [
    'User-agent: *',
    'Allow: /',
    ...rules,
    '',
    `Sitemap: ${ctx.config.appUrl}/sitemap.xml`,
    '',
  ].join('\n');
  return siteDocument(body, 'text/plain; charset=utf-8', ctx.startedAt);
}
