import type { Locale } from '@elearn/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { JobQueue } from '../../lib/job-queue.ts';
import type { Mailer } from '../../plugins/mail.ts';
import type { DripChapter } from '../chapters/chapters.service.ts';
import type { CompanyManager } from '../companies/companies.service.ts';
import type { DueAssignment, EnrolmentReminderReads, TeamEntry } from '../enrolments/enrolments.service.ts';

/** the grants' rows the reminders and the digest read: the enrolments module's types */
export type { DueAssignment, TeamEntry };

/**
 * What the notifications read from the modules that own it, through their services (wired by
 * app-modules.ts): the grants (enrolments), the drip chapters (chapters) and the companies'
 * managers (companies).
 */
export interface NotificationSources {
  /** the grants: company assignments, their due dates, a company's team, first grants */
  assignments: EnrolmentReminderReads;
  dripChapters(): Promise<DripChapter[]>;
  companyManagers(): Promise<CompanyManager[]>;
  companyExists(id: number): Promise<boolean>;
  /** companies' paid seat packages ending in (from, to] (issue 38 item 4; absent: no warnings) */
  seatPackagesEnding?(from: Date, to: Date): Promise<EndingSeatPackage[]>;
}

/** a seat package about to end, as the companies module answers it */
export interface EndingSeatPackage {
  pkg: { id: number; companyId: number; seats: number; validUntil: Date };
  seminar: { id: number; title: string };
}

export interface NotificationsDeps {
  db: Db;
  config: AppConfig;
  mailer: Mailer;
  jobs: JobQueue;
  log: FastifyBaseLogger;
  sources: NotificationSources;
  now?: () => number;
}

export interface NotificationsContext extends NotificationsDeps {
  now: () => number;
}

export const createNotificationsContext = (deps: NotificationsDeps): NotificationsContext => ({
  ...deps,
  now: deps.now ?? Date.now,
});

export const DAY_MS = 86_400_000;

/** a page of the web app in the reader's language */
export const pageUrl = (ctx: NotificationsContext, locale: Locale, path: string) =>
  `${ctx.config.appUrl}${locale === 'en' ? '/en' : ''}${path}`;
