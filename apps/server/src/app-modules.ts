import type { FastifyInstance } from 'fastify';
import { adminRoutes } from './modules/admin/admin.routes.ts';
import { createAdminService } from './modules/admin/admin.service.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { createAuthService } from './modules/auth/auth.service.ts';
import { chapterUploadRoutes, type TusUploads } from './modules/chapters/chapter-uploads.ts';
import { chapterRoutes } from './modules/chapters/chapters.routes.ts';
import { type ChaptersService, createChaptersService } from './modules/chapters/chapters.service.ts';
import { companiesRepository } from './modules/companies/companies.repository.ts';
import { companyRoutes } from './modules/companies/companies.routes.ts';
import { type CompaniesService, createCompaniesService } from './modules/companies/companies.service.ts';
import { createEnrolmentsService, type EnrolmentsService } from './modules/enrolments/enrolments.service.ts';
import { graduateRoutes } from './modules/graduate/graduate.routes.ts';
import { createGraduateService } from './modules/graduate/graduate.service.ts';
import { invoiceRoutes } from './modules/invoices/invoices.routes.ts';
import {
  chargedAmount,
  createInvoicesService,
  type InvoicesService,
} from './modules/invoices/invoices.service.ts';
import { createPaymentReminders } from './modules/invoices/invoices-reminders.service.ts';
import { revenueSums } from './modules/invoices/invoices-revenue.service.ts';
import { itemAnalysisRoutes } from './modules/item-analysis/item-analysis.routes.ts';
import { createItemAnalysisService } from './modules/item-analysis/item-analysis.service.ts';
import { learnRoutes } from './modules/learn/learn.routes.ts';
import { createLearnService } from './modules/learn/learn.service.ts';
import { mcTestRoutes } from './modules/mc-tests/mc-tests.routes.ts';
import { createMcTestsService } from './modules/mc-tests/mc-tests.service.ts';
import { notificationRoutes } from './modules/notifications/notifications.routes.ts';
import {
  createNotificationsService,
  type NotificationSources,
} from './modules/notifications/notifications.service.ts';
import { selectPaymentProvider } from './modules/payments/payments.provider.ts';
import { paymentRoutes } from './modules/payments/payments.routes.ts';
import { createPaymentsService } from './modules/payments/payments.service.ts';
import { refundRoutes } from './modules/payments/refunds.routes.ts';
import { privacyRoutes } from './modules/privacy/privacy.routes.ts';
import { createPrivacyService } from './modules/privacy/privacy.service.ts';
import { progressRoutes } from './modules/progress/progress.routes.ts';
import { createProgressService } from './modules/progress/progress.service.ts';
import { questionRoutes } from './modules/questions/questions.routes.ts';
import { createQuestionsService } from './modules/questions/questions.service.ts';
import { revenueRoutes } from './modules/revenue/revenue.routes.ts';
import { createRevenueService } from './modules/revenue/revenue.service.ts';
import { seminarRoutes } from './modules/seminars/seminars.routes.ts';
import { createSeminarsService, type SeminarsService } from './modules/seminars/seminars.service.ts';
import { siteRoutes } from './modules/site/site.routes.ts';
import { createSiteService } from './modules/site/site.service.ts';
import { systemRoutes } from './modules/system/system.routes.ts';
import { voucherRoutes } from './modules/vouchers/vouchers.routes.ts';
import { createVouchersService } from './modules/vouchers/vouchers.service.ts';
import type { Resources } from './plugins/resources.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** resumable (tus) uploads: their store and expiry sweep (issue 18) */
    tusUploads: TusUploads;
  }
}

/*
 * The modules' wiring: every service created once, in dependency order, with what it needs (the
 * resources, the session manager, the services it asks); then every module's routes registered.
 * A server entry like app.ts, outside modules/: it reaches one module's repository for another's
 * dependency (the seminars' `companyExists`).
 */

/** every module's service, as created by `registerModules` */
export type Services = ReturnType<typeof createServices>;

function createServices(app: FastifyInstance, r: Resources, now?: () => number) {
  const { config, files, mailer, jobs, rateCounter, cacheBus } = r;
  const db = r.database.db;
  const auth = createAuthService({
    db,
    config,
    mailer,
    jobs,
    counter: rateCounter,
    fileStore: files,
    sessions: app.sessions,
    now,
  });
  // who holds which seminar, through what (docs/decisions.md "Enrolments"); every module asks it
  const enrolments = createEnrolmentsService({ db });
  const seminars = createSeminarsService({
    db,
    config,
    fileStore: files,
    enrolments,
    companyExists: async (id) => !!(await companiesRepository.findById(db, id)),
    now,
    cacheBus,
  });
  // learning progress, video resume and coverage, completion and certificates (docs/api/progress.md)
  const progressDeps = { db, config, counter: rateCounter, seminars, enrolments, now, jobs };
  const progress = createProgressService(progressDeps);
  // a chapter marked done, a run accomplished, a graduation confirmed: completion decided (issue 36)
  const chapters = createChaptersService({
    ...{ db, config, fileStore: files, seminars, now, cacheBus },
    completionChanged: progress.completionChanged.inSeminar,
  });
  const companies = createCompaniesService({
    db,
    config,
    counter: rateCounter,
    seminars,
    chapters,
    enrolments,
    progress,
    auth,
    mailer,
    now,
  });
  // multiple-choice tests: question pool, tests, runs, graduation (docs/api/mc-tests.md)
  const mcTests = createMcTestsService({ db, seminars, now });
  const questions = createQuestionsService({ db, mcTests });
  const itemAnalysis = createItemAnalysisService({ db, mcTests, log: app.log, jobs });
  const graduate = createGraduateService({
    db,
    mcTests,
    now,
    cacheBus,
    scored: itemAnalysis.itemRows.scheduleSoon,
    itemAnalysis: itemAnalysis.forExport,
    completionChanged: progress.completionChanged.byTest,
    runStopped: progress.completionChanged.runStopped,
    jobs,
  });
  // the seller, invoices and credit notes (docs/api/invoices.md, issue 38)
  const invoices = createInvoicesService({
    db,
    companyName: async (tx, id) => (await companiesRepository.findById(tx, id))?.name ?? null,
    companyAddress: async (tx, id) => (await companies.address.billing(tx, id)) ?? null,
    log: app.log,
    now,
  });
  const { charge, vouchers } = createVouchers(r, seminars, invoices, now);
  const payments = createPaymentsService({
    db,
    config,
    ...{ mailer, jobs },
    vouchers: vouchers.redemptions,
    invoices: { charge, ...invoices.forPayments },
    byInvoice: invoices.byInvoice, // pay by invoice (issue 38 item 3)
    seminars,
    enrolments,
    grantCompanyPurchase: companies.grantPurchase,
    seats: companies.seatPackages, // seat packages (issue 38 item 4): paid, refunded, their holders
    provider: selectPaymentProvider(config, db, now),
    log: app.log,
    now,
  });
  // the admin area and its audit trail (docs/api/admin.md)
  const admin = createAdminService({
    db,
    auth,
    seminars,
    enrolments,
    companies,
    payments,
    graduate,
    jobs,
    now,
  });
  invoices.onPaid(payments.invoicePaid); // a purchase on account paid: payments settles it
  // "Mein Lernen" and the chapter opened last per seminar (docs/api/learn.md, issue 36)
  const learn = createLearnService({ db, enrolments, seminars, chapters, progress, mcTests, cacheBus, now });
  // reminder, digest and drip mails, the manager's reminder, unsubscribe (docs/api/notifications.md)
  const notifications = createNotifications(app, r, { enrolments, chapters, companies }, now);
  const services = {
    ...{ auth, enrolments, seminars, chapters, companies, mcTests, questions, itemAnalysis, graduate },
    ...{ payments, invoices, vouchers, admin, progress, learn, notifications },
  };
  // privacy self-service: data exports and account deletion (docs/api/privacy.md); every module's data
  const privacy = createPrivacyService({
    ...services,
    db,
    config,
    mailer,
    files,
    sessions: app.sessions,
    jobs,
    log: app.log,
    now,
  });
  // the sitemap and robots.txt, dropped with the seminar catalogue (docs/api/site.md)
  const site = createSiteService({ seminars, config, now, cacheBus });
  return { ...services, privacy, site, revenue: createRevenueService({ db, sums: revenueSums, now }) };
}

/** the services the notifications read from */
export interface NotificationOwners {
  enrolments: Pick<EnrolmentsService, 'reminders'>;
  chapters: Pick<ChaptersService, 'dripChapters'>;
  companies: Pick<CompaniesService, 'managers' | 'exists'> & Partial<Pick<CompaniesService, 'seatPackages'>>;
}

/** what the notifications mail about, asked of the modules that own it (also bench/reminders.ts) */
export const notificationSources = (s: NotificationOwners): NotificationSources => ({
  assignments: s.enrolments.reminders,
  dripChapters: s.chapters.dripChapters,
  companyManagers: s.companies.managers,
  companyExists: s.companies.exists,
  ...(s.companies.seatPackages ? { seatPackagesEnding: s.companies.seatPackages.endingBetween } : {}),
});

/**
 * what a checkout charges for a list price (VAT added to net prices) and the vouchers: the admins'
 * codes, checked at checkout and redeemed with the payment (issue 38 item 5)
 */
function createVouchers(
  r: Resources,
  seminars: SeminarsService,
  invoices: InvoicesService,
  now?: () => number,
) {
  const charge = async (price: number, currency: string) =>
    chargedAmount(price, currency, await invoices.seller.vat());
  const vouchers = createVouchersService({ db: r.database.db, config: r.config, seminars, charge, now });
  return { charge, vouchers };
}

/** the notifications service on the app's resources */
function createNotifications(
  app: FastifyInstance,
  r: Resources,
  owners: NotificationOwners,
  now?: () => number,
) {
  const { config, mailer, jobs } = r;
  const db = r.database.db;
  return createNotificationsService({
    ...{ db, config, mailer, jobs, log: app.log, now },
    sources: notificationSources(owners),
  });
}

async function registerRoutes(app: FastifyInstance, s: Services, r: Resources): Promise<void> {
  const { config, files, database, uploadDir } = r;
  // every successful write drops the learners' dashboards it may change (modules/learn/learn.cache.ts)
  app.addHook('onSend', async (req, reply, payload) => {
    if (req.method !== 'GET' && req.method !== 'HEAD' && req.method !== 'OPTIONS' && reply.statusCode < 400) {
      s.learn.writeSucceeded(req.user ?? null);
    }
    return payload;
  });
  await app.register(systemRoutes, { database, config });
  await app.register(authRoutes, { auth: s.auth, serveAppPage: app.serveAppPage });
  await app.register(seminarRoutes, { seminars: s.seminars, chapters: s.chapters, fileStore: files });
  await app.register(chapterRoutes, {
    chapters: s.chapters,
    fileStore: files,
    maxVideoMb: config.maxVideoMb,
    maxDocMb: config.maxDocMb,
    seminarOfLink: s.companies.seminarOfLink,
  });
  // resumable uploads (tus, issue 18); unfinished ones expire after 24 h (swept at start and hourly)
  await app.register(chapterUploadRoutes, {
    chapters: s.chapters,
    uploadDir,
    s3: config.s3,
    maxVideoMb: config.maxVideoMb,
    maxDocMb: config.maxDocMb,
    ready: (uploads) => app.decorate('tusUploads', uploads),
  });
  await app.register(questionRoutes, { questions: s.questions, mcTests: s.mcTests });
  await app.register(mcTestRoutes, { mcTests: s.mcTests });
  await app.register(graduateRoutes, { graduate: s.graduate });
  await app.register(itemAnalysisRoutes, { itemAnalysis: s.itemAnalysis });
  await app.register(paymentRoutes, { payments: s.payments });
  await app.register(refundRoutes, { payments: s.payments });
  await app.register(invoiceRoutes, { invoices: s.invoices });
  await app.register(voucherRoutes, { vouchers: s.vouchers });
  await app.register(revenueRoutes, { revenue: s.revenue });
  await app.register(adminRoutes, { admin: s.admin });
  // companies, company bookings (free or paid), access links (docs/api/companies.md)
  await app.register(companyRoutes, { companies: s.companies, payments: s.payments });
  await app.register(progressRoutes, { progress: s.progress });
  await app.register(learnRoutes, { learn: s.learn });
  await app.register(notificationRoutes, { notifications: s.notifications });
  await app.register(privacyRoutes, { privacy: s.privacy });
  await app.register(siteRoutes, { site: s.site });
}

/** creates the modules' services and registers their routes; answers the services */
export async function registerModules(
  app: FastifyInstance,
  resources: Resources,
  now?: () => number,
): Promise<Services> {
  const services = createServices(app, resources, now);
  const { auth, notifications, graduate, progress, payments } = services;
  for (const jobs of [auth, notifications, graduate, progress, payments]) await jobs.defineJobs();
  const managers = services.companies.managers; // payment reminders of overdue invoices (issue 38)
  await createPaymentReminders({ ...resources, log: app.log, now, companyManagers: managers }).defineJobs();
  await registerRoutes(app, services, resources);
  return services;
}
