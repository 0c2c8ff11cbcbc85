import type { Db } from '../../db/client.ts';
import type { SessionManager } from '../../plugins/session.ts';
import { auditRepository } from '../audit/audit.repository.ts';
import type { ChaptersService } from '../chapters/chapters.service.ts';
import type { CompaniesService } from '../companies/companies.service.ts';
import type { EnrolmentsService } from '../enrolments/enrolments.service.ts';
import type { GraduateService } from '../graduate/graduate.service.ts';
import type { InvoicesService } from '../invoices/invoices.service.ts';
import type { LearnService } from '../learn/learn.service.ts';
import type { McTestsService } from '../mc-tests/mc-tests.service.ts';
import type { NotificationsService } from '../notifications/notifications.service.ts';
import type { PaymentsService } from '../payments/payments.service.ts';
import type { ProgressService } from '../progress/progress.service.ts';
import type { QuestionsService } from '../questions/questions.service.ts';
import type { SeminarsService } from '../seminars/seminars.service.ts';
import type { UserRow } from '../users/users.service.ts';
import type { VouchersService } from '../vouchers/vouchers.service.ts';
import { privacyRepository } from './privacy.repository.ts';

/** What erasing an account does to an area (docs/decisions.md, issue 19). */
export type ErasureEffect =
  /** the rows are deleted */
  | 'deleted'
  /** the rows stay but name only the anonymised account */
  | 'anonymised'
  /** the rows stay unchanged (a legal or accountability reason, named in `reason`) */
  | 'kept';

/**
 * One area of a person's data: one JSON file in the export archive, gathered through the module
 * that owns the tables, and what the account's erasure does to it. Adding an area (a new table
 * with a user reference) is one entry in {@link privacyAreas}; the coverage test
 * (privacy.coverage.test.ts) fails for a table with a user reference that no area names.
 */
export interface PrivacyArea {
  /** the archive's file is `<name>.json` */
  name: string;
  /** the SQL tables whose rows about the person this area covers */
  tables: string[];
  collect(user: UserRow): Promise<unknown>;
  /**
   * for areas that grow without bound: the same rows as {@link collect} page by page; the archive
   * then writes the JSON array as the pages come (never the whole area in memory)
   */
  pages?(user: UserRow): AsyncIterable<unknown[]>;
  effect: ErasureEffect;
  /** why rows stay (effect `kept` or `anonymised`) */
  reason?: string;
  /** the area's part of the erasure (areas run in order; `account` runs last) */
  erase?(user: UserRow): Promise<void>;
}

/**
 * Tables with a user reference that no area exports, each with its reason. Keep this short: a
 * table holding data about a person belongs in an area.
 */
export const EXCLUDED_TABLES: Record<string, string> = {
  seller_settings:
    'the one row of the seller on the invoices names the admin who saved it last: an accountability pointer, the change itself is in the audit trail (exported there)',
  password_reset_tokens:
    'a hashed one-time token keyed by the address: a secret, not information about the person; it ends after 60 minutes and is deleted at erasure',
};

export interface AreaDeps {
  db: Db;
  sessions: SessionManager;
  payments: PaymentsService;
  invoices: InvoicesService;
  vouchers: VouchersService;
  enrolments: EnrolmentsService;
  chapters: ChaptersService;
  seminars: SeminarsService;
  graduate: GraduateService;
  mcTests: McTestsService;
  questions: QuestionsService;
  companies: CompaniesService;
  progress: ProgressService;
  learn: LearnService;
  notifications: NotificationsService;
  /** the account row itself: its export and its anonymisation (privacy.service.ts) */
  account: {
    collect(user: UserRow): Promise<unknown>;
    erase(user: UserRow): Promise<void>;
    /** removes the person's export archives (files and rows) */
    eraseExports(user: UserRow): Promise<void>;
  };
}

const DAY = 'after the account is erased';

/** Every area of a person's data, in the order of the archive and of the erasure. */
export function privacyAreas(d: AreaDeps): PrivacyArea[] {
  return [...learnerAreas(d), ...recordAreas(d)];
}

/** what the person did as a learner: sessions, purchases, grants, progress, test runs */
function learnerAreas(d: AreaDeps): PrivacyArea[] {
  return [
    {
      name: 'sessions',
      tables: ['sessions'],
      collect: async (u) =>
        (await d.sessions.listForUser(u.id)).map((s) => ({
          created_at: s.createdAt,
          last_used_at: s.lastActivityAt,
          remember: s.remember,
          ip: s.ip,
          user_agent: s.userAgent,
        })),
      effect: 'deleted',
      erase: (u) => d.sessions.destroyAllForUser(u.id),
    },
    {
      name: 'bookings-and-payments',
      tables: ['bookings', 'payments'],
      collect: (u) => d.payments.personalData.collect(u.id),
      effect: 'anonymised',
      reason: `payments are accounting records (10 years, Swiss CO art. 958f): amount, currency, status and dates stay ${DAY}, without a name; bookings without a payment are deleted`,
      erase: (u) => d.payments.personalData.erase(u.id),
    },
    {
      name: 'invoices',
      tables: ['invoices'],
      collect: (u) => d.invoices.personalData.collect(u.id),
      effect: 'kept',
      reason:
        'invoices and credit notes are bookkeeping records that must be kept unchanged for 10 years (Swiss CO art. 958f, German HGB § 257 and AO § 147): they keep the buyer as issued (name, e-mail, company, reference); the database refuses changes',
    },
    {
      name: 'vouchers',
      tables: ['voucher_redemptions'],
      collect: (u) => d.vouchers.personalData.collect(u.id),
      effect: 'anonymised',
      reason: `a voucher's redemption belongs to a payment (an accounting record, 10 years, Swiss CO art. 958f): code, discount and status stay ${DAY}, linked only to the anonymised account`,
    },
    {
      name: 'enrolments',
      tables: ['enrolments'],
      collect: (u) => d.enrolments.personalData.collect(u.id),
      effect: 'deleted',
      erase: (u) => d.enrolments.personalData.erase(u.id),
    },
    {
      name: 'progress',
      tables: ['chapter_users'],
      collect: (u) => d.chapters.personalData.collectProgress(u.id),
      effect: 'deleted',
      erase: (u) => d.chapters.personalData.eraseProgress(u.id),
    },
    {
      name: 'learning',
      tables: ['video_progress', 'seminar_completions', 'certificates'],
      collect: (u) => d.progress.personalData.collect(u.id),
      effect: 'deleted',
      reason:
        "video positions, completions and the person's certificates are deleted (a certificate's code then verifies as unknown); certificates the person issued as a trainer stay with their holders",
      erase: (u) => d.progress.personalData.erase(u.id),
    },
    {
      name: 'seminar-visits',
      tables: ['seminar_visits'],
      collect: (u) => d.learn.personalData.collect(u.id),
      effect: 'deleted',
      erase: (u) => d.learn.personalData.erase(u.id),
    },
    {
      name: 'notifications',
      tables: ['notification_preferences', 'notification_sends'],
      collect: (u) => d.notifications.personalData.collect(u.id),
      effect: 'deleted',
      erase: (u) => d.notifications.personalData.erase(u.id),
    },
    {
      name: 'test-runs',
      tables: ['user_graduate_mctests', 'user_graduate_results'],
      collect: (u) => d.graduate.personalData.collect(u.id),
      pages: (u) => d.graduate.personalData.pages(u.id),
      effect: 'anonymised',
      reason: `the test's owner keeps its statistics and item analysis: the runs stay ${DAY} and name only the anonymised account`,
    },
    {
      name: 'test-grants',
      tables: ['mc_test_grants'],
      collect: (u) => d.mcTests.personalData.collectGrants(u.id),
      effect: 'deleted',
      erase: (u) => d.mcTests.personalData.eraseGrants(u.id),
    },
  ];
}

/** companies, what the person authored, the audit trail, privacy requests and the account last */
function recordAreas(d: AreaDeps): PrivacyArea[] {
  return [
    {
      name: 'companies',
      tables: [
        'company_users',
        'company_pending_members',
        'company_member_invitations',
        'access_links',
        'company_bookings',
        'seat_packages',
        'company_invitations',
      ],
      collect: (u) => d.companies.personalData.collect(u.id, u.email),
      effect: 'anonymised',
      reason: `memberships, invitations and access links are deleted; company bookings and invitation links the person made stay with the company ${DAY}, naming only the anonymised account`,
      erase: (u) => d.companies.personalData.erase(u.id, u.email),
    },
    {
      name: 'authored',
      tables: ['seminars', 'mc_tests', 'questions'],
      collect: async (u) => {
        const [seminars, media, tests, questions] = await Promise.all([
          d.seminars.personalData.collectOwned(u.id),
          d.chapters.personalData.ownMedia(u.id),
          d.mcTests.personalData.collectOwned(u.id),
          d.questions.personalData.collectOwned(u.id),
        ]);
        // a trainer's media are listed, not copied: they are the seminars' content
        return { seminars, media, mc_tests: tests, questions };
      },
      effect: 'anonymised',
      reason:
        "seminars must be handed over before the deletion; tests and questions stay with students' runs, naming only the anonymised account",
    },
    {
      name: 'audit',
      tables: ['audit_log'],
      collect: (u) => auditRepository.aboutUser(d.db, u.id),
      effect: 'kept',
      reason:
        'the audit trail is append-only (the database refuses changes): it records who changed what, for accountability; entries keep the username at the time',
    },
    {
      name: 'privacy-requests',
      tables: ['data_exports', 'account_deletions'],
      collect: async (u) => ({
        exports: (await privacyRepository.exportsOf(d.db, u.id)).map((e) => ({
          id: e.id,
          user_id: e.userId,
          requested_by: e.requestedBy,
          status: e.status,
          created_at: e.createdAt,
          ready_at: e.readyAt,
          expires_at: e.expiresAt,
        })),
        deletion: (await privacyRepository.findDeletion(d.db, u.id)) ?? null,
      }),
      effect: 'anonymised',
      reason:
        "exports are deleted with their files; the deletion's own row stays as the record that the account was erased",
      erase: (u) => d.account.eraseExports(u),
    },
    {
      name: 'account',
      tables: ['users'],
      collect: (u) => d.account.collect(u),
      effect: 'anonymised',
      reason:
        'the row stays (payments, test runs and the audit trail point to it) with every personal field replaced: no name, no address, no password, no avatar',
      erase: (u) => d.account.erase(u),
    },
  ];
}
