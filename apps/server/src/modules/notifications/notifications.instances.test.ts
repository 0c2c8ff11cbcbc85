import { dueAtOf, localDateOf } from '@elearn/shared';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enrolments, notificationSends } from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { companyFixtures } from '../../test/company-fixtures.ts';
import { seminarFixtures } from '../../test/fixtures.ts';
import { drainJobs } from '../../test/jobs.ts';
import { startSmtp } from '../../test/smtp.ts';

const PG = process.env.TEST_DATABASE_URL;
const EMPLOYEES = 6;

/** the calendar day `n` days from now in Zurich */
const dayFrom = (n: number) => {
  const [y, m, d] = localDateOf(new Date()).split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d) + n * 86_400_000).toISOString().slice(0, 10);
};

/**
 * Reminders are not sent twice across instances (issue 36 item 6): the due reminders run on two
 * instances of one PostgreSQL database at the same time (on PGlite, which has one instance, the
 * run twice at once on it), and every learner receives the mail once, counted by the real SMTP
 * server; the record of sends holds one row per learner.
 */
describe('reminder runs on two instances at once (issue 36 item 6)', () => {
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let t: TestApp;
  let second: TestApp | null = null;
  const learners: { id: number; email: string }[] = [];

  beforeAll(async () => {
    smtp = await startSmtp();
    t = await buildTestApp({ smtpUrl: smtp.url });
    if (PG) second = await buildTestApp({ smtpUrl: smtp.url, databaseUrl: t.config.databaseUrl });
    const trainer = await t.make.user({ scopes: ['trainer'] });
    const s = await seminarFixtures(t.app).seminar(trainer.id, { title: 'Zweimal nie' });
    await seminarFixtures(t.app).chapter(s.id);
    const company = await t.make.company('Instanzen AG');
    for (let i = 0; i < EMPLOYEES; i++) {
      const u = await t.make.user({ locale: i % 2 ? 'en' : 'de' });
      await t.make.member(company.id, u.id);
      learners.push(u);
    }
    await companyFixtures(t.app).booking(
      company.id,
      s.id,
      learners.map((l) => l.id),
    );
    // due in two days: within the reminder's window
    await t.app.database.db
      .update(enrolments)
      .set({ dueAt: dueAtOf(dayFrom(2)) })
      .where(
        and(
          eq(enrolments.seminarId, s.id),
          inArray(
            enrolments.userId,
            learners.map((l) => l.id),
          ),
        ),
      );
  });
  afterAll(async () => {
    await second?.close();
    await t.close();
    await smtp.close();
  });

  it('each learner gets the due reminder once when two runs overlap', { timeout: 180_000 }, async () => {
    if (second) {
      // two instances of one PostgreSQL database run it at the same time
      const ids = await Promise.all([t, second].map((i) => i.app.jobs.enqueue('due-reminders', {})));
      expect(ids.every((id) => id !== null)).toBe(true);
      // the mails through the SMTP server: a wait for them, not a speed check (a loaded machine)
      await Promise.all([t, second].map((i) => drainJobs(i.app, 120_000)));
    } else {
      // PGlite has one connection: the runs can only follow each other, the second finds the sends
      for (let run = 0; run < 2; run++) {
        expect(await t.app.jobs.enqueue('due-reminders', {})).not.toBeNull();
        await drainJobs(t.app, 120_000);
      }
    }
    // a mail queued behind another to the same server may still be on its way when the drain ends
    await Promise.all(learners.map((l) => smtp.waitFor(l.email, 60_000)));
    const about = smtp.mails.filter((m) => m.text.includes('Zweimal nie'));
    expect(about.flatMap((m) => m.to).sort()).toEqual(learners.map((l) => l.email).sort());
    const sends = await t.app.database.db
      .select({ userId: notificationSends.userId })
      .from(notificationSends)
      .where(eq(notificationSends.kind, 'due_reminder'));
    expect(sends.map((s) => s.userId).sort((a, b) => a - b)).toEqual(
      learners.map((l) => l.id).sort((a, b) => a - b),
    );
    // the German and English learners each in their language
    const de = about.find((m) => m.to.includes(learners[0]!.email))!;
    const en = about.find((m) => m.to.includes(learners[1]!.email))!;
    expect(de.subject).toMatch(/^Erinnerung: «Zweimal nie»/);
    expect(en.subject).toMatch(/^Reminder: “Zweimal nie” is due by/);
    // the record names the seminar's assignments, one per learner
    expect(new Set(sends.map((s) => s.userId)).size).toBe(EMPLOYEES);
  });
});
