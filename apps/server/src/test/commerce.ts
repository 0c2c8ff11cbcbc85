import { expect } from 'vitest';
import type { Db } from '../db/client.ts';
import { type Agent, buildTestApp, type TestApp } from './build-test-app.ts';
import { seminarFixtures } from './fixtures.ts';
import { drainKind } from './jobs.ts';
import { type MollieServer, startMollieServer } from './mollie-server.ts';

/** the key the app gives the real Mollie client (the local Mollie-compatible server takes any) */
export const MOLLIE_TEST_KEY = 'test_dHar4XY7LxsDOtmnkVtjNVWXLSlXsM';
/** Mollie posts its webhook as a form */
export const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

/** a Swiss seller: VAT 8.1 % included, IBAN and QR-IBAN, 30 days; a test overrides what it needs */
export const sellerSettings = (over: Record<string, unknown> = {}) => ({
  legal_name: 'Seminarhaus Muster AG',
  address: 'Bahnhofstrasse 1\n8001 Zürich\nSchweiz',
  vat_number: 'CHE-123.456.788 MWST',
  vat_rate: 8.1,
  prices_include_vat: true,
  iban: 'CH93 0076 2011 6238 5295 7',
  qr_iban: 'CH44 3199 9123 0008 8901 2',
  payment_terms_days: 30,
  ...over,
});

export interface Commerce {
  t: TestApp;
  fx: ReturnType<typeof seminarFixtures>;
  /** the local Mollie-compatible server (null: the app runs without Mollie) */
  mollie: MollieServer | null;
  admin: Agent;
  trainerId: number;
  db: () => Db;
  /** Mollie's delivery of a payment's webhook, then the sync job it queued (payments/use-cases/webhook-job.ts) */
  webhook(providerId: string): Promise<Awaited<ReturnType<Agent['post']>>>;
  close(): Promise<void>;
}

/**
 * The commerce tests' set-up (issue 38): the app (with the real Mollie client against the local
 * Mollie-compatible server unless `mollie: false`), a trainer, an admin and the seller settings
 * (`seller: false` for none), on PGlite or (with TEST_DATABASE_URL) PostgreSQL.
 */
export async function startCommerce(
  opts: { mollie?: boolean; seller?: Record<string, unknown> | false } = {},
): Promise<Commerce> {
  const mollie = opts.mollie === false ? null : await startMollieServer();
  const t = await buildTestApp({
    ...(mollie ? { mollieApiKey: MOLLIE_TEST_KEY, mollieApiEndpoint: mollie.apiEndpoint } : {}),
    rateLimitFactor: 100,
  });
  const trainerId = (await t.make.user({ scopes: ['trainer'] })).id;
  const admin = await t.loginAs((await t.make.user({ scopes: ['admin'] })).email);
  if (opts.seller !== false) {
    expect((await admin.put('/api/admin/seller', sellerSettings(opts.seller))).statusCode).toBe(200);
  }
  return {
    t,
    fx: seminarFixtures(t.app),
    mollie,
    admin,
    trainerId,
    db: () => t.app.database.db,
    async webhook(providerId) {
      const res = await t
        .agent()
        .post('/payment/mollie/webhook', `id=${providerId}`, { headers: FORM, csrf: false });
      await drainKind(t.app, 'payments.sync');
      return res;
    },
    async close() {
      await t.close();
      await mollie?.close();
    },
  };
}

/** a company with a manager (and `employees` plain members); the agents logged in */
export async function companyWithManager(c: Commerce, name: string, employees = 0) {
  const company = await c.t.make.company(`${name} ${Date.now()}`);
  const m = await c.t.make.user({ scopes: ['corporateTraining'] });
  await c.t.make.member(company.id, m.id, true);
  const members: Agent[] = [];
  for (let i = 0; i < employees; i++) {
    const e = await c.t.make.user();
    await c.t.make.member(company.id, e.id);
    members.push(await c.t.loginAs(e.email));
  }
  return { company, managerUser: m, manager: await c.t.loginAs(m.email), employees: members };
}
