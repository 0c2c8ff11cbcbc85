import type { AppConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { CacheBus } from '../../lib/cache-bus.ts';
import type { FileStore } from '../../lib/file-store.ts';
import { TtlCache } from '../../lib/ttl-cache.ts';
import type { AuthUser } from '../../plugins/session.ts';
import type { EnrolmentsService } from '../enrolments/enrolments.service.ts';
import type { CatalogueRow } from './seminar-catalogue.repository.ts';
import type { SeminarListRow } from './seminars.repository.ts';

export type Actor = AuthUser | null;

export const IMAGE_TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
};
export const SEMINAR_IMAGE_MAX_MB = 5;

export const iso = (d: Date) => d.toISOString();

/** what the seminars module is built from (wired in app.ts) */
export interface SeminarsDeps {
  db: Db;
  config: AppConfig;
  /** where uploaded files are stored (local disk or a bucket) */
  fileStore: FileStore;
  enrolments: EnrolmentsService;
  /** whether a company exists (the companies module; wired in app.ts) */
  companyExists: (id: number) => Promise<boolean>;
  now?: () => number;
  /** tells the other instances when the catalogue cache is dropped */
  cacheBus?: CacheBus;
}

/** what every use case of the module gets: the deps, the clock and the catalogue cache */
export interface SeminarsContext extends SeminarsDeps {
  now: () => number;
  catalogue: TtlCache<{ rows: SeminarListRow[]; total: number }>;
  /** the guests' catalogue (`GET /api/seminars/catalogue`), dropped with the one above */
  guestCatalogue: TtlCache<{ rows: CatalogueRow[]; total: number }>;
  /** drops the cached catalogue (after every local seminar or booking change) */
  invalidateTotal: () => void;
}

export function createSeminarsContext(deps: SeminarsDeps): SeminarsContext {
  const now = deps.now ?? Date.now;
  // the public catalogue (pages and totals) for two seconds; every local seminar or booking change
  // drops it (docs/decisions.md); who may do what is computed per request
  const catalogue = new TtlCache<{ rows: SeminarListRow[]; total: number }>(
    2000,
    500,
    now,
    deps.cacheBus && { bus: deps.cacheBus, topic: 'seminars.catalogue' },
  );
  const guestCatalogue = new TtlCache<{ rows: CatalogueRow[]; total: number }>(
    2000,
    500,
    now,
    deps.cacheBus && { bus: deps.cacheBus, topic: 'seminars.guest-catalogue' },
  );
  const invalidateTotal = () => {
    catalogue.clear();
    guestCatalogue.clear();
  };
  return { ...deps, now, catalogue, guestCatalogue, invalidateTotal };
}
