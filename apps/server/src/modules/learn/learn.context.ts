import type { Db } from '../../db/client.ts';
import type { CacheBus } from '../../lib/cache-bus.ts';
import type { ChaptersService } from '../chapters/chapters.service.ts';
import type { EnrolmentsService } from '../enrolments/enrolments.service.ts';
import type { McTestsService } from '../mc-tests/mc-tests.service.ts';
import type { ProgressService } from '../progress/progress.service.ts';
import type { SeminarsService } from '../seminars/seminars.service.ts';

/** what the learn module is built from (app-modules.ts): it composes the other modules' services */
export interface LearnDeps {
  db: Db;
  enrolments: EnrolmentsService;
  seminars: SeminarsService;
  chapters: ChaptersService;
  progress: ProgressService;
  mcTests: McTestsService;
  /** drops the kept dashboards on every instance (learn.cache.ts) */
  cacheBus: CacheBus;
  now?: () => number;
}

export interface LearnContext extends Omit<LearnDeps, 'now'> {
  now: () => number;
}

export const createLearnContext = (deps: LearnDeps): LearnContext => ({ ...deps, now: deps.now ?? Date.now });
