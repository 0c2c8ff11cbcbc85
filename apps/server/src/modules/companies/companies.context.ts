import type { AppConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { RateCounter } from '../../lib/rate-counter.ts';
import type { Mailer } from '../../plugins/mail.ts';
import type { AuthService } from '../auth/auth.service.ts';
import type { ChaptersService } from '../chapters/chapters.service.ts';
import type { EnrolmentsService } from '../enrolments/enrolments.service.ts';
import type { ProgressService } from '../progress/progress.service.ts';
import type { SeminarsService } from '../seminars/seminars.service.ts';

/** what the companies module is built from (app.ts) */
export interface CompaniesDeps {
  db: Db;
  config: AppConfig;
  counter: RateCounter;
  seminars: SeminarsService;
  chapters: ChaptersService;
  enrolments: EnrolmentsService;
  /** the progress read model (the team view, issue 36 item 7) */
  progress: ProgressService;
  auth: AuthService;
  mailer: Mailer;
  now?: () => number;
}

/** the deps the use cases share, built once per app */
export interface CompaniesContext extends Omit<CompaniesDeps, 'now'> {
  now: () => number;
}

export function createCompaniesContext(deps: CompaniesDeps): CompaniesContext {
  return { ...deps, now: deps.now ?? Date.now };
}

export const iso = (d: Date) => d.toISOString();
export const isoOrNull = (d: Date | null) => (d ? d.toISOString() : null);
export const DAY_MS = 86_400_000;
