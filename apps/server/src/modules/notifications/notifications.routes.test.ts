import { localDateOf } from '@elearn/shared';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { chapters, enrolments, notificationSends, users } from '../../db/schema/index.ts';
import { type Agent, buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { companyFixtures } from '../../test/company-fixtures.ts';
import { seminarFixtures } from '../../test/fixtures.ts';
import { drainJobs } from '../../test/jobs.ts';
import { type ReceivedMail, startSmtp } from '../../test/smtp.ts';
import { unsubscribeToken } from './notifications.tokens.ts';

const DAY_MS = 86_400_000;
/** 2026-12-02 (a Wednesday) at 07:00 in Zurich */
const START = Date.parse('2026-12-02T06:00:00Z');

/** the calendar day `n` days from the clock's day in Zurich */
const dayFrom = (clock: number, n: number) => {
  const [y, m, d] = localDateOf(new Date(clock)).split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d) + n * DAY_MS).toISOString().slice(0, 10);
};
/** a header of the raw mail, unfolded */
const header = (mail: ReceivedMail, name: string) =>
  new RegExp(`^${name}:((?:.*)(?:\\r?\\n[ \\t].*)*)`, 'im')
    .exec(mail.raw)?.[1]
    ?.replace(/\r?\n[ \t]+/g, ' ')
    .trim();

/**
 * Reminders by e-mail (issue 36 item 6): the scheduled runs of the queue, mails through a real
 * SMTP server in both languages with their one-click unsubscribe, each person's choice, and a
 * manager's reminder now (item 7).
 */
describe('notification mails (issue 36 item 6)', { timeout: 180_000 }, () => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let clock = START;
  let companyId: number;
  let manager: Agent;
  let otherManager: Agent;
  let managerUser: { id: number; email: string };
  /** de: Anna; en: Ben; Carla turns due reminders off */
  const emp = {} as Record<'anna' | 'ben' | 'carla', { id: number; email: string; agent: Agent }>;
  let s1: { id: number; title: string };
  let s1Chapter: number;
  let s2: { id: number; title: string };

  beforeAll(async () => {
    smtp = await startSmtp();
    t = await buildTestApp(
      {
        smtpUrl: smtp.url,
        rateLimitFactor: 1000,
        sessionIdleMinutes: 60 * 24 * 60,
        sessionAbsoluteHours: 24 * 365,
      },
      { now: () => clock },
    );
    const fx = seminarFixtures(t.app);
    const cfx = companyFixtures(t.app);
    const tr = await t.make.user({ scopes: ['trainer'] });
    const c = await t.make.company('Reminder AG');
    companyId = c.id;
    const other = await t.make.company('Andere AG');
    const m = await t.make.user({ scopes: ['corporateTraining'], locale: 'en' });
    managerUser = m;
    await t.make.member(c.id, m.id, true);
    manager = await t.loginAs(m.email);
    const om = await t.make.user({ scopes: ['corporateTraining'] });
    await t.make.member(other.id, om.id, true);
    otherManager = await t.loginAs(om.email);
    const db = t.app.database.db;
    for (const [key, first, locale] of [
      ['anna', 'Anna', 'de'],
      ['ben', 'Ben', 'en'],
      ['carla', 'Carla', 'de'],
    ] as const) {
      const u = await t.make.user({ locale });
      await db.update(users).set({ firstName: first, lastName: 'Muster' }).where(eq(users.id, u.id));
      await t.make.member(c.id, u.id);
      emp[key] = { id: u.id, email: u.email, agent: await t.loginAs(u.email) };
    }
    s1 = await fx.seminar(tr.id, { title: 'Arbeitssicherheit' });
    s1Chapter = (await fx.chapter(s1.id)).id;
    s2 = await fx.seminar(tr.id, { title: 'Brandschutz' });
    await fx.chapter(s2.id);
    await cfx.booking(c.id, s1.id, [emp.anna.id, emp.ben.id, emp.carla.id]);
    await cfx.booking(c.id, s2.id, [emp.anna.id]);
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });
  beforeEach(() => {
    smtp.mails.length = 0;
  });

  /** runs a scheduled job of the queue now, as its schedule would, and waits for its mails */
  const runJob = async (kind: 'due-reminders' | 'manager-digest' | 'drip-unlocks') => {
    expect(await t.app.jobs.enqueue(kind, {})).not.toBeNull();
    // the mails through the SMTP server: a wait for them, not a speed check (a loaded machine)
    await drainJobs(t.app, 100_000);
  };
  const setDue = (userId: number, seminarId: number, days: number) =>
    manager
      .put(`/api/companies/${companyId}/assignments/due-date`, {
        user_id: userId,
        seminar_id: seminarId,
        due_date: dayFrom(clock, days),
      })
      .then((res) => expect(res.statusCode, res.body).toBe(200));
  const db = () => t.app.database.db;
  const mailsTo = (email: string) => smtp.mails.filter((m) => m.to.includes(email));

  it('preferences: all on until turned off, saved per person, refused when incomplete or not yes/no', async () => {
    const me = emp.carla.agent;
    expect((await me.get('/api/me/notifications')).json()).toEqual({
      due_reminders: true,
      manager_digest: true,
      drip_unlocks: true,
    });
    for (const bad of [
      { due_reminders: false },
      { due_reminders: 'no', manager_digest: true, drip_unlocks: true },
      { due_reminders: false, manager_digest: true, drip_unlocks: true, sms: true },
    ]) {
      const res = await me.put('/api/me/notifications', bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(422);
      expect(res.json().message).toEqual(expect.any(String));
    }
    const res = await me.put('/api/me/notifications', {
      due_reminders: false,
      manager_digest: true,
      drip_unlocks: true,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ due_reminders: false, manager_digest: true, drip_unlocks: true });
    expect((await me.get('/api/me/notifications')).json().due_reminders).toBe(false);
    // another person's choice is untouched
    expect((await emp.anna.agent.get('/api/me/notifications')).json().due_reminders).toBe(true);
    expect((await t.agent().get('/api/me/notifications')).statusCode).toBe(401);
  });

  it('due reminders: once before the due date in each language, with the unsubscribe headers; never twice', async () => {
    await setDue(emp.anna.id, s1.id, 2);
    await setDue(emp.ben.id, s1.id, 3);
    await setDue(emp.carla.id, s1.id, 1);
    // beyond the window: no mail yet
    await setDue(emp.anna.id, s2.id, 20);
    await runJob('due-reminders');
    const anna = mailsTo(emp.anna.email);
    const ben = mailsTo(emp.ben.email);
    expect(anna).toHaveLength(1);
    expect(ben).toHaveLength(1);
    // Carla turned reminders off
    expect(mailsTo(emp.carla.email)).toHaveLength(0);
    expect(anna[0]!.text).toContain('Arbeitssicherheit');
    expect(anna[0]!.text).toMatch(/Hallo Anna/);
    expect(ben[0]!.text).toMatch(/Hello Ben/);
    expect(anna[0]!.text).not.toContain('Brandschutz');
    // RFC 8058: the signed API link and the one-click post; the body links to the page that asks first
    const list = header(anna[0]!, 'List-Unsubscribe');
    expect(list).toMatch(/^<http.*\/api\/unsubscribe\?token=\d+\.due_reminders\.[\w-]{43}>$/);
    expect(header(anna[0]!, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    expect(anna[0]!.links.some((l) => /\/unsubscribe\?token=/.test(l) && !l.includes('/api/'))).toBe(true);
    expect(ben[0]!.links.some((l) => l.includes('/en/unsubscribe?token='))).toBe(true);
    expect(ben[0]!.links.some((l) => l.includes('/en/learn'))).toBe(true);
    // the run again (a second instance, a retry): nothing more
    smtp.mails.length = 0;
    await runJob('due-reminders');
    expect(smtp.mails).toHaveLength(0);
  });

  it('overdue: one more mail after the due date passed; none for a completed seminar; none after a week', async () => {
    // three days later Anna's and Ben's s1 are overdue; Ben finished it
    clock += 3 * DAY_MS;
    await emp.ben.agent.patch('/api/chapters/toggle/user', { chapterUser: s1Chapter, done: true });
    await emp.ben.agent.get(`/api/progress/seminars/${s1.id}`);
    await runJob('due-reminders');
    const anna = mailsTo(emp.anna.email);
    expect(anna).toHaveLength(1);
    expect(anna[0]!.text).toMatch(/überfällig/i);
    expect(mailsTo(emp.ben.email)).toHaveLength(0);
    smtp.mails.length = 0;
    await runJob('due-reminders');
    expect(smtp.mails).toHaveLength(0);
  });

  it('the weekly digest tells each manager (in their language) who is overdue and who finished; once per week; not to one who turned it off', async () => {
    clock += 60_000;
    // two more managers of the company: a German one, and one who turned the digest off
    const de = await t.make.user({ scopes: ['corporateTraining'], locale: 'de' });
    const off = await t.make.user({ scopes: ['corporateTraining'], locale: 'de' });
    await t.make.member(companyId, de.id, true);
    await t.make.member(companyId, off.id, true);
    const saved = await (await t.loginAs(off.email)).put('/api/me/notifications', {
      due_reminders: true,
      manager_digest: false,
      drip_unlocks: true,
    });
    expect(saved.statusCode).toBe(200);
    await runJob('manager-digest');
    expect(mailsTo(off.email)).toHaveLength(0);
    const german = mailsTo(de.email);
    expect(german).toHaveLength(1);
    expect(german[0]!.subject).toMatch(/^Wochenübersicht Reminder AG: [1-9] überfällig, 1 abgeschlossen$/);
    expect(german[0]!.text).toMatch(/Hallo/);
    expect(german[0]!.text).toContain('Seit der letzten Übersicht abgeschlossen (1):');
    expect(german[0]!.text).toContain('- Ben Muster: Arbeitssicherheit');
    expect(german[0]!.links.some((l) => !l.includes('/en/') && l.endsWith('/team'))).toBe(true);
    expect(header(german[0]!, 'List-Unsubscribe')).toMatch(/manager_digest/);
    expect(header(german[0]!, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    const digest = mailsTo(managerUser.email);
    expect(digest).toHaveLength(1);
    expect(digest[0]!.text).toMatch(/Hello/);
    expect(digest[0]!.text).toContain('Anna Muster');
    expect(digest[0]!.text).toContain('Ben Muster');
    expect(digest[0]!.links.some((l) => l.includes('/en/company/') && l.endsWith('/team'))).toBe(true);
    expect(header(digest[0]!, 'List-Unsubscribe')).toMatch(/manager_digest/);
    smtp.mails.length = 0;
    await runJob('manager-digest');
    expect(smtp.mails).toHaveLength(0);
    // no mail to the other company's manager: nothing to tell
    const rows = await t.app.database.db
      .select()
      .from(notificationSends)
      .where(eq(notificationSends.kind, 'manager_digest'));
    expect(rows.map((r) => r.userId).sort((a, b) => a - b)).toEqual([managerUser.id, de.id]);
  });

  it('an assignment overdue for more than a week gets no more mails', async () => {
    clock += 8 * DAY_MS;
    await db().delete(notificationSends).where(eq(notificationSends.kind, 'due_reminder'));
    await runJob('due-reminders');
    expect(smtp.mails.filter((m) => m.text.includes('Arbeitssicherheit'))).toHaveLength(0);
    // Anna's s2 is due 20 days after the start, 9 days from now: not yet
    expect(mailsTo(emp.anna.email).filter((m) => m.text.includes('Brandschutz'))).toHaveLength(0);
  });

  it('drip: a mail on the day a chapter opens, once, in the learner’s language', async () => {
    const db = t.app.database.db;
    const fx = seminarFixtures(t.app);
    const tr = await t.make.user({ scopes: ['trainer'] });
    const s = await fx.seminar(tr.id, { title: 'Erste Hilfe' });
    await fx.chapter(s.id);
    const later = await fx.chapter(s.id, { label: 'Reanimation' });
    await db.update(chapters).set({ availableAfterDays: 2 }).where(eq(chapters.id, later.id));
    // Dora reads German
    const dora = await t.make.user({ locale: 'de' });
    await db.update(users).set({ firstName: 'Dora', lastName: 'Muster' }).where(eq(users.id, dora.id));
    await t.make.member(companyId, dora.id);
    await companyFixtures(t.app).booking(companyId, s.id, [emp.ben.id, emp.anna.id, emp.carla.id, dora.id]);
    // Ben's, Carla's and Dora's grants two Zurich days ago (late in the evening), Anna's today
    const twoDaysAgo = Date.parse(`${dayFrom(clock, -2)}T22:30:00Z`) - 3600_000;
    await db
      .update(enrolments)
      .set({ grantedAt: new Date(twoDaysAgo) })
      .where(
        and(eq(enrolments.seminarId, s.id), inArray(enrolments.userId, [emp.ben.id, emp.carla.id, dora.id])),
      );
    // Carla turned drip mails off
    const saved = await emp.carla.agent.put('/api/me/notifications', {
      due_reminders: false,
      manager_digest: true,
      drip_unlocks: false,
    });
    expect(saved.statusCode).toBe(200);
    await runJob('drip-unlocks');
    expect(mailsTo(emp.carla.email)).toHaveLength(0);
    const ben = mailsTo(emp.ben.email);
    expect(ben).toHaveLength(1);
    expect(ben[0]!.text).toContain('Reanimation');
    expect(ben[0]!.links.some((l) => l.includes(`/en/seminar/id/${s.id}/chapter/${later.id}/play`))).toBe(
      true,
    );
    expect(ben[0]!.subject).toBe('A new chapter is open: Reanimation');
    expect(header(ben[0]!, 'List-Unsubscribe')).toMatch(/\/api\/unsubscribe\?token=\d+\.drip_unlocks\./);
    expect(header(ben[0]!, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    expect(ben[0]!.links.some((l) => l.includes('/en/unsubscribe?token='))).toBe(true);
    const german = mailsTo(dora.email);
    expect(german).toHaveLength(1);
    expect(german[0]!.subject).toBe('Neues Kapitel freigeschaltet: Reanimation');
    expect(german[0]!.text).toMatch(/Hallo Dora/);
    expect(german[0]!.text).toContain('Im Seminar «Erste Hilfe» ist ab heute das Kapitel «Reanimation»');
    expect(header(german[0]!, 'List-Unsubscribe')).toMatch(/\/api\/unsubscribe\?token=\d+\.drip_unlocks\./);
    expect(header(german[0]!, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    expect(
      german[0]!.links.some(
        (l) => /\/unsubscribe\?token=/.test(l) && !l.includes('/en/') && !l.includes('/api/'),
      ),
    ).toBe(true);
    expect(mailsTo(emp.anna.email)).toHaveLength(0);
    smtp.mails.length = 0;
    await runJob('drip-unlocks');
    expect(smtp.mails).toHaveLength(0);
  });

  it('one-click unsubscribe: a mail client posts the header link without cookies; the kind is off', async () => {
    const token = unsubscribeToken(t.app.config.sessionSecret, emp.anna.id, 'drip_unlocks');
    const asked = await t.app.inject({ method: 'GET', url: `/api/unsubscribe?token=${token}` });
    expect(asked.statusCode).toBe(200);
    expect(asked.json()).toEqual({ kind: 'drip_unlocks', locale: 'de' });
    // GET asks, it does not unsubscribe (link scanners open links)
    expect((await emp.anna.agent.get('/api/me/notifications')).json().drip_unlocks).toBe(true);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/unsubscribe?token=${token}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      kind: 'drip_unlocks',
      message: 'Sie sind abgemeldet. Sie erhalten diese E-Mails nicht mehr.',
    });
    expect((await emp.anna.agent.get('/api/me/notifications')).json()).toEqual({
      due_reminders: true,
      manager_digest: true,
      drip_unlocks: false,
    });
    // the page posts with no body; again: still off, same answer
    const again = await t.app.inject({ method: 'POST', url: `/api/unsubscribe?token=${token}` });
    expect(again.statusCode).toBe(200);
  });

  it('refuses an altered, foreign or malformed token, and one whose account is gone', async () => {
    const token = unsubscribeToken(t.app.config.sessionSecret, emp.anna.id, 'due_reminders');
    const altered = token.replace(`${emp.anna.id}.`, `${emp.ben.id}.`);
    const foreign = unsubscribeToken(
      'another-secret-of-another-site-0123456789',
      emp.anna.id,
      'due_reminders',
    );
    for (const bad of [altered, foreign, 'x', `${emp.anna.id}.sms.${'a'.repeat(43)}`]) {
      for (const method of ['GET', 'POST'] as const) {
        const res = await t.app.inject({ method, url: `/api/unsubscribe?token=${encodeURIComponent(bad)}` });
        expect(res.statusCode, `${method} ${bad}`).toBe(400);
        expect(res.json().message).toBe('Dieser Abmeldelink ist ungültig.');
      }
    }
    const missing = await t.app.inject({ method: 'POST', url: '/api/unsubscribe' });
    expect(missing.statusCode).toBe(422);
    const gone = unsubscribeToken(t.app.config.sessionSecret, 987_654, 'due_reminders');
    expect((await t.app.inject({ method: 'POST', url: `/api/unsubscribe?token=${gone}` })).statusCode).toBe(
      404,
    );
    // nothing changed for Anna
    expect((await emp.anna.agent.get('/api/me/notifications')).json().due_reminders).toBe(true);
  });

  it('a manager reminds an employee now: mailed, audited, once a day (429 with Retry-After)', async () => {
    const url = `/api/companies/${companyId}/team/remind`;
    let res = await manager.post(url, { user_id: emp.anna.id, seminar_id: s2.id });
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json()).toEqual({ message: 'Die Erinnerung wird gesendet.', sent: true });
    await drainJobs(t.app);
    const mail = mailsTo(emp.anna.email);
    expect(mail).toHaveLength(1);
    expect(mail[0]!.text).toContain('Brandschutz');
    expect(mail[0]!.subject).toBe('Erinnerung an «Brandschutz»');
    expect(header(mail[0]!, 'List-Unsubscribe')).toMatch(/\/api\/unsubscribe\?token=\d+\.due_reminders\./);
    expect(header(mail[0]!, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    res = await manager.post(url, { user_id: emp.anna.id, seminar_id: s2.id });
    expect(res.statusCode).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(80_000);
    expect(res.json().message).toMatch(/24 Stunden/);
    // a day later: again
    clock += DAY_MS + 1000;
    res = await manager.post(url, { user_id: emp.anna.id, seminar_id: s2.id });
    expect(res.statusCode).toBe(202);
    // Carla turned reminders off: audited, no mail, and the manager is told
    smtp.mails.length = 0;
    res = await manager.post(url, { user_id: emp.carla.id, seminar_id: s1.id });
    expect(res.statusCode).toBe(202);
    expect(res.json().sent).toBe(false);
    await drainJobs(t.app);
    expect(mailsTo(emp.carla.email)).toHaveLength(0);
    const admin = await t.loginAs((await t.make.user({ scopes: ['admin'] })).email);
    const audit = (await admin.get('/api/admin/audit?action=user.reminded')).json() as {
      data: { target_id: number; after: { mailed: boolean } }[];
    };
    expect(audit.data.filter((e) => e.target_id === emp.anna.id)).toHaveLength(2);
    expect(audit.data.find((e) => e.target_id === emp.carla.id)?.after.mailed).toBe(false);
  });

  it('refuses a reminder for someone not assigned, another company’s manager and an employee', async () => {
    const url = `/api/companies/${companyId}/team/remind`;
    let res = await manager.post(url, { user_id: emp.carla.id, seminar_id: s2.id });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Diese Person ist dem Seminar in dieser Firma nicht zugewiesen.');
    res = await otherManager.post(url, { user_id: emp.anna.id, seminar_id: s1.id });
    expect(res.statusCode).toBe(403);
    res = await emp.anna.agent.post(url, { user_id: emp.ben.id, seminar_id: s1.id });
    expect(res.statusCode).toBe(403);
    res = await manager.post('/api/companies/999999/team/remind', {
      user_id: emp.anna.id,
      seminar_id: s1.id,
    });
    expect(res.statusCode).toBe(404);
    res = await manager.post(url, { user_id: 'anna' });
    expect(res.statusCode).toBe(422);
  });
});
