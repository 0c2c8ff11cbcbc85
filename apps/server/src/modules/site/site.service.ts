import { createSiteContext, type SiteDeps, type SiteDocument } from './site.context.ts';
import { buildRobots } from './use-cases/build-robots.ts';
import { buildSitemap } from './use-cases/build-sitemap.ts';

export type { SiteDocument } from './site.context.ts';
export type SiteService = ReturnType<typeof createSiteService>;

/**
 * What search engines read (issue 34 item 5): the sitemap and robots.txt, built once and kept in
 * memory until a seminar changes on any instance (site.context.ts).
 */
export function createSiteService(deps: SiteDeps) {
  const ctx = createSiteContext(deps);
  return {
    sitemap: (): Promise<SiteDocument> => ctx.documents.get('sitemap', () => buildSitemap(ctx)),
    robots: (): Promise<SiteDocument> => ctx.documents.get('robots', async () => buildRobots(ctx)),
  };
}
