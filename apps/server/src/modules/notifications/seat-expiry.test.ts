import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seatPackages } from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { seminarFixtures } from '../../test/fixtures.ts';
import { drainJobs } from '../../test/jobs.ts';
import { startSmtp } from '../../test/smtp.ts';

const DAY = 86_400_000;

/**
 * The expiry warning of seat packages (issue 38 item 4) through the job queue and the real SMTP
 * test server: once to each manager of the company, in their language, when a paid package ends
 * within 14 days; none for a package ending later, a pending one or another company's.
 */
describe('seat package expiry warnings', { timeout: 60_000 }, () => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  beforeAll(async () => {
    smtp = await startSmtp();
    t = await buildTestApp({ smtpUrl: smtp.url, rateLimitFactor: 1000 });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('warns each manager once, in German and English; not for later, pending or other packages', async () => {
    const fx = seminarFixtures(t.app);
    const trainer = await t.make.user({ scopes: ['trainer'] });
    const seminar = await fx.seminar(trainer.id, { price: 9000, title: 'Erste Hilfe' });
    const company = await t.make.company('Warn AG');
    const other = await t.make.company('Still AG');
    const mde = await t.make.user({ scopes: ['corporateTraining'], locale: 'de' });
    const men = await t.make.user({ scopes: ['corporateTraining'], locale: 'en' });
    const mother = await t.make.user({ scopes: ['corporateTraining'] });
    await t.make.member(company.id, mde.id, true);
    await t.make.member(company.id, men.id, true);
    await t.make.member(other.id, mother.id, true);
    const now = Date.now();
    const pkg = (companyId: number, status: string, days: number) => ({
      companyId,
      seminarId: seminar.id,
      boughtBy: null,
      status,
      seats: 5,
      seatsBought: 5,
      unitPrice: 9000,
      currency: 'CHF',
      months: 12,
      validFrom: new Date(now - 300 * DAY),
      validUntil: new Date(now + days * DAY),
    });
    await t.app.database.db
      .insert(seatPackages)
      .values([pkg(company.id, 'paid', 10), pkg(other.id, 'paid', 30), pkg(other.id, 'pending', 5)]);

    for (let round = 0; round < 2; round++) {
      expect(await t.app.jobs.enqueue('seat-expiry', {})).not.toBeNull();
      await drainJobs(t.app);
    }
    const to = (email: string) => smtp.mails.filter((m) => m.to.includes(email));
    expect(to(mde.email)).toHaveLength(1);
    expect(to(men.email)).toHaveLength(1);
    expect(to(mother.email)).toHaveLength(0);
    expect(to(mde.email)[0]!.subject).toContain('Platzpaket «Erste Hilfe» endet am');
    expect(to(mde.email)[0]!.text).toContain('Warn AG');
    expect(to(mde.email)[0]!.text).toContain('5 Plätze');
    expect(to(men.email)[0]!.subject).toContain('Seat package “Erste Hilfe” ends on');
    expect(to(men.email)[0]!.text).toContain('/en/company/');
  });
});
