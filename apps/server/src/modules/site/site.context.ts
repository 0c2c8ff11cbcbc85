import type { AppConfig } from '../../config.ts';
import type { CacheBus } from '../../lib/cache-bus.ts';
import { TtlCache } from '../../lib/ttl-cache.ts';
import type { SeminarsService } from '../seminars/seminars.service.ts';

/** a text the site serves as it is: its body and what a conditional request is answered by */
export interface SiteDocument {
  body: string;
  /** the media type with its charset */
  type: string;
  /** a strong validator of the body */
  etag: string;
  /** the newest change the document shows (whole seconds) */
  lastModified: Date;
}

/** what the site module is built from (wired in app-modules.ts) */
export interface SiteDeps {
  /** the public seminars' pages */
  seminars: Pick<SeminarsService, 'publicPages'>;
  config: Pick<AppConfig, 'appUrl'>;
  now?: () => number;
  /** tells this instance when another one changed a seminar (the catalogue's topic) */
  cacheBus?: CacheBus;
}

export interface SiteContext extends SiteDeps {
  now: () => number;
  /** when this process started: the last change of the static pages it serves (whole seconds) */
  startedAt: Date;
  /** the sitemap and robots.txt, until a seminar changes on any instance */
  documents: TtlCache<SiteDocument>;
}

/**
 * The seminars module drops its catalogue cache on this topic after every seminar change (create,
 * edit, publish or unpublish, delete; also bookings and chapter changes); the site's documents
 * follow it, on this instance and, through the bus, on every other one.
 */
export const SEMINARS_TOPIC = 'seminars.catalogue';

/** at most this long without a change announced (a change made beside the app, by hand) */
const TTL_MS = 10 * 60_000;

export function createSiteContext(deps: SiteDeps): SiteContext {
  const now = deps.now ?? Date.now;
  const documents = new TtlCache<SiteDocument>(
    TTL_MS,
    10,
    now,
    deps.cacheBus && { bus: deps.cacheBus, topic: SEMINARS_TOPIC },
  );
  return { ...deps, now, startedAt: wholeSeconds(new Date(now())), documents };
}

export const wholeSeconds = (d: Date) => new Date(Math.floor(d.getTime() / 1000) * 1000);
