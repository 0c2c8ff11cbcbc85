import type { DataExportDto, DeletionState, PendingDeletionDto } from '@elearn/shared';
import { and, eq } from 'drizzle-orm';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accountDeletions,
  auditLog,
  bookings,
  certificates,
  chapterUsers,
  companyUsers,
  dataExports,
  enrolments,
  payments,
  seminarCompletions,
  sessions,
  userGraduateMctests,
  users,
  videoProgress,
} from '../../db/schema/index.ts';
import { putFile } from '../../lib/file-store.ts';
import { type Agent, buildTestApp, TEST_PASSWORD, type TestApp } from '../../test/build-test-app.ts';
import { PNG, seminarFixtures } from '../../test/fixtures.ts';
import { scoredRun } from '../../test/item-analysis-fixtures.ts';
import { drainJobs } from '../../test/jobs.ts';
import { mcTestFixtures } from '../../test/mc-test-fixtures.ts';
import { startSmtp } from '../../test/smtp.ts';
import { usersRepository } from '../users/users.repository.ts';

const DAY = 86_400_000;

/** Issue 19: data export, account deletion with its grace period, the admin side (docs/api/privacy.md). */
describe('privacy: data export and account deletion', () => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let clock = Date.now();
  let admin: Agent;
  let adminId: number;
  let trainerId: number;

  beforeAll(async () => {
    smtp = await startSmtp();
    t = await buildTestApp({ rateLimitFactor: 100, smtpUrl: smtp.url }, { now: () => clock });
    const [ad, tr] = await Promise.all([
      t.make.user({ scopes: ['admin'] }),
      t.make.user({ scopes: ['trainer'] }),
    ]);
    adminId = ad.id;
    trainerId = tr.id;
    admin = await t.loginAs(ad.email);
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const db = () => t.app.database.db;
  const flush = () => drainJobs(t.app);
  const loginAdmin = async () => {
    const row = await usersRepository.findById(db(), adminId);
    admin = await t.loginAs(row!.email);
  };

  /** a student with something in every area: bookings (paid and free), progress, a run, a company, an avatar */
  async function populatedStudent(opts: { locale?: 'de' | 'en' } = {}) {
    const fx = seminarFixtures(t.app);
    const mx = mcTestFixtures(t.app);
    const student = await t.make.user({ locale: opts.locale });
    const made = await mx.bookedTest(trainerId, [student.id], { questions: 2 });
    await scoredRun(db(), made.test.id, student.id, [true, false]);
    await db().insert(chapterUsers).values({ chapterId: made.chapter.id, userId: student.id });
    // learning (issue 16): a position in a video, a completion and its certificate
    const film = await fx.video(made.chapter.id);
    await db()
      .insert(videoProgress)
      .values({
        userId: student.id,
        fileId: film.id,
        positionS: 12,
        durationS: 60,
        intervals: [[0, 12]],
        watchedS: 12,
      });
    await db()
      .insert(seminarCompletions)
      .values({ userId: student.id, seminarId: made.seminar.id, completedAt: new Date(clock) });
    await db()
      .insert(certificates)
      .values({
        code: `privacy-cert-${student.id}`,
        userId: student.id,
        seminarId: made.seminar.id,
        ownerId: trainerId,
        learnerName: 'Privacy Learner',
        seminarTitle: 'Zertifiziert',
        trainerName: 'Trainer',
        completedAt: new Date(clock),
      });
    const paidSeminar = await fx.seminar(trainerId, { price: 4900, title: 'Bezahlt' });
    const [paidBooking] = await db()
      .insert(bookings)
      .values({ seminarId: paidSeminar.id, userId: student.id, status: 'paid', price: 4900, currency: 'CHF' })
      .returning();
    await db()
      .insert(payments)
      .values({
        bookingId: paidBooking!.id,
        userId: student.id,
        provider: 'test',
        providerId: `tr_privacy${student.id}`,
        amount: 4900,
        currency: 'CHF',
        status: 'paid',
        paidAt: new Date(clock),
      });
    await db().insert(enrolments).values({
      seminarId: paidSeminar.id,
      userId: student.id,
      source: 'purchase',
      bookingId: paidBooking!.id,
    });
    const freeSeminar = await fx.seminar(trainerId, { title: 'Gratis' });
    await db()
      .insert(bookings)
      .values({ seminarId: freeSeminar.id, userId: student.id, status: 'free', price: 0, currency: 'CHF' });
    const company = await t.make.company();
    await t.make.member(company.id, student.id);
    const avatarPath = `avatars/privacy${student.id}.png`;
    await putFile(t.app.files, avatarPath, PNG);
    await usersRepository.update(db(), student.id, { avatarPath });
    return { student: { ...student, avatarPath }, made, company, paidBooking: paidBooking! };
  }

  async function download(agent: Agent, dto: DataExportDto) {
    const res = await agent.get(dto.download_url ?? `/api/privacy/exports/${dto.id}/download`);
    return res;
  }

  it('exports every area as JSON plus the avatar, announced by mail, for the logged-in owner only', async () => {
    const { student, made, paidBooking } = await populatedStudent();
    const agent = await t.loginAs(student.email);
    const asked = await agent.post('/api/privacy/exports');
    expect(asked.statusCode).toBe(202);
    const pending = asked.json() as DataExportDto;
    expect(pending).toMatchObject({ user_id: student.id, status: 'pending', download_url: null });
    // a second request while the first is being prepared is refused with its reason
    const again = await agent.post('/api/privacy/exports');
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'privacy.export_pending' });
    expect(again.json().message).toMatch(/vorbereitet/);
    await flush();

    const mail = await smtp.waitFor(student.email);
    expect(mail.subject).toBe('Ihr Datenexport steht bereit');
    expect(mail.text).toMatch(/24 Stunden/);
    expect(mail.links).toContain(`${t.config.appUrl}/user/privacy`);

    const list = (await agent.get('/api/privacy/exports')).json().data as DataExportDto[];
    const ready = list.find((e) => e.id === pending.id)!;
    expect(ready.status).toBe('ready');
    expect(ready.download_url).toBe(`/api/privacy/exports/${pending.id}/download`);
    expect(new Date(ready.expires_at!).getTime() - new Date(ready.ready_at!).getTime()).toBe(DAY);

    const res = await download(agent, ready);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(String(res.headers['content-disposition'])).toMatch(
      /^attachment; filename="data-export-\d+-\d{4}-\d\d-\d\d\.zip"$/,
    );
    const zip = await JSZip.loadAsync(res.rawPayload);
    const names = Object.keys(zip.files).sort();
    expect(names).toEqual(
      [
        'account.json',
        'audit.json',
        'authored.json',
        'bookings-and-payments.json',
        'companies.json',
        'enrolments.json',
        'invoices.json',
        'learning.json',
        'manifest.json',
        'notifications.json',
        'privacy-requests.json',
        'progress.json',
        'seminar-visits.json',
        'sessions.json',
        'test-grants.json',
        'test-runs.json',
        'vouchers.json',
        'uploads/avatar.png',
      ].sort(),
    );
    const json = async (name: string) => JSON.parse(await zip.file(name)!.async('string'));
    const account = await json('account.json');
    expect(account).toMatchObject({ id: student.id, email: student.email, avatar: 'uploads/avatar.png' });
    expect(JSON.stringify(account)).not.toMatch(/argon|password/i);
    expect((await json('sessions.json')).length).toBeGreaterThan(0);
    const money = await json('bookings-and-payments.json');
    expect(money.bookings.map((b: { status: string }) => b.status).sort()).toEqual(['free', 'paid']);
    expect(money.payments).toEqual([
      expect.objectContaining({ booking_id: paidBooking.id, amount: 4900, status: 'paid' }),
    ]);
    expect((await json('enrolments.json')).map((e: { source: string }) => e.source).sort()).toEqual([
      'free',
      'purchase',
    ]);
    expect(await json('progress.json')).toEqual([expect.objectContaining({ chapter_id: made.chapter.id })]);
    expect(await json('learning.json')).toMatchObject({
      videos: [{ position_s: 12, duration_s: 60, intervals: [[0, 12]] }],
      completions: [{ seminar_id: made.seminar.id }],
      certificates: [{ code: `privacy-cert-${student.id}`, learner_name: 'Privacy Learner' }],
    });
    const runs = await json('test-runs.json');
    expect(runs).toHaveLength(1);
    // written page by page, the same text as the area's collected rows would give
    expect(await zip.file('test-runs.json')!.async('string')).toBe(
      JSON.stringify(JSON.parse(JSON.stringify(runs)), null, 2),
    );
    expect(runs[0].snapshot.questions).toHaveLength(2);
    expect(runs[0].result.answer_coding.questions.map((q: { right: boolean }) => q.right)).toEqual([
      true,
      false,
    ]);
    expect((await json('companies.json')).memberships).toHaveLength(1);
    const manifest = await json('manifest.json');
    expect(manifest.areas.map((a: { file: string }) => a.file)).toContain('test-runs.json');
    expect(Buffer.from(await zip.file('uploads/avatar.png')!.async('uint8array'))).toEqual(PNG);

    // only the account that asked downloads it: another person, an admin, a guest do not
    const other = await t.loginAs((await t.make.user()).email);
    expect((await download(other, ready)).statusCode).toBe(404);
    expect((await download(admin, ready)).statusCode).toBe(404);
    expect((await download(t.agent(), ready)).statusCode).toBe(401);
    expect((await agent.get('/api/privacy/exports/999999/download')).statusCode).toBe(404);
  });

  it("a trainer's export lists their seminars and media without copying them", async () => {
    const trainer = await usersRepository.findById(db(), trainerId);
    const fx = seminarFixtures(t.app);
    const seminar = await fx.seminar(trainerId, { title: 'Eigenes Seminar' });
    const chapter = await fx.chapter(seminar.id);
    await fx.doc(chapter.id);
    const agent = await t.loginAs(trainer!.email);
    const dto = (await agent.post('/api/privacy/exports')).json() as DataExportDto;
    await flush();
    const res = await download(agent, { ...dto, download_url: null });
    const zip = await JSZip.loadAsync(res.rawPayload);
    const authored = JSON.parse(await zip.file('authored.json')!.async('string'));
    expect(authored.seminars.map((s: { title: string }) => s.title)).toContain('Eigenes Seminar');
    expect(authored.media.files).toEqual(
      expect.arrayContaining([expect.objectContaining({ seminar_id: seminar.id, kind: 'doc' })]),
    );
    expect(Object.keys(zip.files).filter((n) => n.startsWith('uploads/'))).toEqual([]);
    // an area written page by page is a JSON array even when empty
    expect(JSON.parse(await zip.file('test-runs.json')!.async('string'))).toEqual([]);
  });

  it('an export expires after 24 hours (410) and the sweep removes its file and row', async () => {
    const user = await t.make.user();
    const agent = await t.loginAs(user.email);
    const dto = (await agent.post('/api/privacy/exports')).json() as DataExportDto;
    await flush();
    const [row] = await db().select().from(dataExports).where(eq(dataExports.id, dto.id));
    expect(row!.fileKey).toMatch(/^exports\/[A-Za-z0-9_-]+\.zip$/);
    expect(await t.app.files.stat(row!.fileKey!)).not.toBeNull();
    const saved = clock;
    try {
      clock += DAY + 60_000;
      const fresh = await t.loginAs(user.email);
      const gone = await fresh.get(`/api/privacy/exports/${dto.id}/download`);
      expect(gone.statusCode).toBe(410);
      expect(gone.json()).toMatchObject({ code: 'privacy.export_expired' });
      expect((await fresh.get('/api/privacy/exports')).json().data).toEqual([]);
      const swept = await t.app.privacySweep();
      expect(swept.exportsRemoved).toBeGreaterThanOrEqual(1);
      expect(await db().select().from(dataExports).where(eq(dataExports.id, dto.id))).toEqual([]);
      expect(await t.app.files.stat(row!.fileKey!)).toBeNull();
    } finally {
      clock = saved;
    }
  });

  it('refuses more than five exports a day (429)', async () => {
    const user = await t.make.user();
    const agent = await t.loginAs(user.email);
    for (let i = 0; i < 5; i++) {
      expect((await agent.post('/api/privacy/exports')).statusCode).toBe(202);
      await flush();
    }
    const sixth = await agent.post('/api/privacy/exports');
    expect(sixth.statusCode).toBe(429);
    expect(Number(sixth.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('deletion: refuses a wrong password, a seminar owner and a last manager, each with its reason', async () => {
    const student = await t.make.user();
    const agent = await t.loginAs(student.email);
    const wrong = await agent.post('/api/privacy/deletion', { password: 'not-it' });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors.password).toEqual(['Das aktuelle Passwort ist falsch.']);
    const empty = await agent.post('/api/privacy/deletion', { password: '' });
    expect(empty.statusCode).toBe(422);
    expect((await agent.post('/api/privacy/deletion', { password: 'x', extra: 1 })).statusCode).toBe(422);

    const owner = await t.make.user({ scopes: ['trainer'], locale: 'en' });
    await seminarFixtures(t.app).seminar(owner.id);
    await seminarFixtures(t.app).seminar(owner.id);
    const ownerAgent = await t.loginAs(owner.email);
    ownerAgent.lang = 'en';
    const owns = await ownerAgent.post('/api/privacy/deletion', { password: TEST_PASSWORD });
    expect(owns.statusCode).toBe(409);
    expect(owns.json()).toMatchObject({ code: 'privacy.owns_seminars' });
    expect(owns.json().message).toBe(
      'You still own 2 seminar(s). Please hand them over to another trainer first (an admin can transfer the ownership); only then can the account be deleted.',
    );

    const manager = await t.make.user({ scopes: ['corporateTraining'] });
    const company = await t.make.company('Allein AG');
    await t.make.member(company.id, manager.id, true);
    const managerAgent = await t.loginAs(manager.email);
    const alone = await managerAgent.post('/api/privacy/deletion', { password: TEST_PASSWORD });
    expect(alone.statusCode).toBe(409);
    expect(alone.json()).toMatchObject({ code: 'privacy.last_manager' });
    expect(alone.json().message).toMatch(/Allein AG/);
    // with a second manager the first may go
    const second = await t.make.user({ scopes: ['corporateTraining'] });
    await t.make.member(company.id, second.id, true);
    expect((await managerAgent.post('/api/privacy/deletion', { password: TEST_PASSWORD })).statusCode).toBe(
      202,
    );
    // nothing was recorded for the refused ones
    expect(await db().select().from(accountDeletions).where(eq(accountDeletions.userId, owner.id))).toEqual(
      [],
    );
  });

  it('deletion: pending with a date and logged out; a login within 14 days undoes it (mails each step)', async () => {
    const { student } = await populatedStudent();
    const agent = await t.loginAs(student.email);
    const res = await agent.post('/api/privacy/deletion', { password: TEST_PASSWORD });
    expect(res.statusCode).toBe(202);
    const state = res.json() as DeletionState;
    expect(new Date(state.due_at!).getTime() - new Date(state.requested_at!).getTime()).toBe(14 * DAY);
    // logged out everywhere
    expect((await agent.get('/api/user')).statusCode).toBe(401);
    expect(await db().select().from(sessions).where(eq(sessions.userId, student.id))).toEqual([]);
    const requested = await smtp.waitFor(student.email);
    expect(requested.subject).toBe('Ihr Konto wird gelöscht');
    expect(requested.text).toMatch(/indem Sie sich einfach anmelden/);

    const pending = (await admin.get('/api/admin/deletions')).json();
    expect(pending.data.map((d: PendingDeletionDto) => d.user_id)).toContain(student.id);
    expect(pending.data.find((d: PendingDeletionDto) => d.user_id === student.id).self).toBe(true);

    const saved = clock;
    try {
      clock += 13 * DAY;
      await t.loginAs(student.email);
      expect(
        await db().select().from(accountDeletions).where(eq(accountDeletions.userId, student.id)),
      ).toEqual([]);
      await drainJobs(t.app);
      const undone = smtp.mailsTo(student.email).at(-1)!;
      expect(undone.subject).toBe('Ihr Konto wird nicht gelöscht');
      clock += 2 * DAY;
      await t.app.privacySweep();
      const row = await usersRepository.findById(db(), student.id);
      expect(row!.email).toBe(student.email);
      const audit = await db().select().from(auditLog).where(eq(auditLog.targetId, student.id));
      expect(audit.map((a) => a.action)).toEqual(
        expect.arrayContaining(['user.deletion_requested', 'user.deletion_canceled']),
      );
    } finally {
      clock = saved;
      await loginAdmin();
    }
  });

  it('after 14 days the sweep erases or anonymises the account area by area', async () => {
    const { student, paidBooking, made } = await populatedStudent({ locale: 'en' });
    const agent = await t.loginAs(student.email);
    expect((await agent.post('/api/privacy/exports')).statusCode).toBe(202);
    await flush();
    const [exportRow] = await db().select().from(dataExports).where(eq(dataExports.userId, student.id));
    expect((await agent.post('/api/privacy/deletion', { password: TEST_PASSWORD })).statusCode).toBe(202);
    await drainJobs(t.app);
    expect(smtp.mailsTo(student.email).at(-1)!.subject).toBe('Your account will be deleted');
    const saved = clock;
    try {
      clock += 14 * DAY + 60_000;
      const swept = await t.app.privacySweep();
      expect(swept.erased).toBe(1);
      await drainJobs(t.app);
      const erasedMail = smtp.mailsTo(student.email).at(-1)!;
      expect(erasedMail.subject).toBe('Your account has been deleted');

      const row = await usersRepository.findById(db(), student.id);
      expect(row).toMatchObject({
        username: `deleted-${student.id}`,
        email: `deleted-${student.id}@deleted.invalid`,
        firstName: '',
        lastName: '',
        avatarPath: null,
        scopes: [],
      });
      expect(row!.disabledAt).not.toBeNull();
      expect(await t.app.files.stat(student.avatarPath)).toBeNull();
      // the payment stays for accounting: amount and date, on the anonymised account only
      const kept = await db().select().from(payments).where(eq(payments.userId, student.id));
      expect(kept).toEqual([expect.objectContaining({ amount: 4900, status: 'paid' })]);
      const keptBookings = await db().select().from(bookings).where(eq(bookings.userId, student.id));
      expect(keptBookings.map((b) => b.id)).toEqual([paidBooking.id]);
      // the test run stays, anonymised with the account (the owner's statistics)
      const runs = await db()
        .select()
        .from(userGraduateMctests)
        .where(eq(userGraduateMctests.userId, student.id));
      expect(runs.map((r) => r.mcTestId)).toEqual([made.test.id]);
      // deleted: grants, progress, memberships, sessions, exports (with their files)
      expect(await db().select().from(enrolments).where(eq(enrolments.userId, student.id))).toEqual([]);
      expect(await db().select().from(chapterUsers).where(eq(chapterUsers.userId, student.id))).toEqual([]);
      expect(await db().select().from(videoProgress).where(eq(videoProgress.userId, student.id))).toEqual([]);
      expect(
        await db().select().from(seminarCompletions).where(eq(seminarCompletions.userId, student.id)),
      ).toEqual([]);
      expect(await db().select().from(certificates).where(eq(certificates.userId, student.id))).toEqual([]);
      expect(await db().select().from(companyUsers).where(eq(companyUsers.userId, student.id))).toEqual([]);
      expect(await db().select().from(sessions).where(eq(sessions.userId, student.id))).toEqual([]);
      expect(await db().select().from(dataExports).where(eq(dataExports.userId, student.id))).toEqual([]);
      expect(await t.app.files.stat(exportRow!.fileKey!)).toBeNull();
      // nothing with the old name or address remains in the user row
      expect(JSON.stringify(row)).not.toContain(student.email);
      const [deletion] = await db()
        .select()
        .from(accountDeletions)
        .where(eq(accountDeletions.userId, student.id));
      expect(deletion).toMatchObject({ status: 'erased' });
      // the old login fails; the audit trail records the erasure without a name
      const login = await t.agent().post('/api/login', { email: student.email, password: TEST_PASSWORD });
      expect(login.statusCode).toBe(422);
      const [erasedEntry] = await db()
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'user.erased'), eq(auditLog.targetId, student.id)));
      expect(erasedEntry).toMatchObject({
        targetId: student.id,
        targetLabel: `#${student.id}`,
        actorId: null,
      });
      // a second sweep finds nothing to do; the erased account is no subject any more
      expect((await t.app.privacySweep()).erased).toBe(0);
      await loginAdmin();
      expect((await admin.post(`/api/admin/users/${student.id}/export`)).statusCode).toBe(404);
      expect(
        (await admin.get('/api/admin/deletions')).json().data.map((d: PendingDeletionDto) => d.user_id),
      ).not.toContain(student.id);
    } finally {
      clock = saved;
      await loginAdmin();
    }
  });

  it('postpones the erasure when the person came to own a seminar during the grace period', async () => {
    const user = await t.make.user({ scopes: ['trainer'] });
    const agent = await t.loginAs(user.email);
    expect((await agent.post('/api/privacy/deletion', { password: TEST_PASSWORD })).statusCode).toBe(202);
    await seminarFixtures(t.app).seminar(user.id);
    const saved = clock;
    try {
      clock += 15 * DAY;
      await t.app.privacySweep();
      const [row] = await db().select().from(accountDeletions).where(eq(accountDeletions.userId, user.id));
      expect(row).toMatchObject({ status: 'pending' });
      expect((await usersRepository.findById(db(), user.id))!.email).toBe(user.email);
    } finally {
      clock = saved;
      await loginAdmin();
    }
  });

  it('admins export and delete any account on request, audited, and list the pending deletions', async () => {
    const { student } = await populatedStudent();
    const exp = await admin.post(`/api/admin/users/${student.id}/export`);
    expect(exp.statusCode).toBe(202);
    const dto = exp.json() as DataExportDto;
    expect(dto.user_id).toBe(student.id);
    await flush();
    const adminRow = await usersRepository.findById(db(), adminId);
    const mail = await smtp.waitFor(adminRow!.email);
    expect(mail.subject).toBe('Ihr Datenexport steht bereit');
    expect(mail.text).toContain(student.email);
    const file = await admin.get(`/api/privacy/exports/${dto.id}/download`);
    expect(file.statusCode).toBe(200);
    const zip = await JSZip.loadAsync(file.rawPayload);
    expect(JSON.parse(await zip.file('account.json')!.async('string')).id).toBe(student.id);
    // the person cannot download what the admin asked for (it is the admin's)
    const own = await t.loginAs(student.email);
    expect((await own.get(`/api/privacy/exports/${dto.id}/download`)).statusCode).toBe(404);

    expect((await admin.get(`/api/admin/users/${student.id}/deletion`)).json()).toEqual({
      pending: false,
      requested_at: null,
      due_at: null,
    });
    const del = await admin.post(`/api/admin/users/${student.id}/deletion`);
    expect(del.statusCode).toBe(202);
    expect((await own.get('/api/user')).statusCode).toBe(401);
    await drainJobs(t.app);
    expect(smtp.mailsTo(student.email).at(-1)!.text).toMatch(/Administrator/);
    expect((await admin.get(`/api/admin/users/${student.id}/deletion`)).json().pending).toBe(true);
    const twice = await admin.post(`/api/admin/users/${student.id}/deletion`);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().code).toBe('privacy.deletion_pending');
    const list = (await admin.get('/api/admin/deletions?per_page=1')).json();
    expect(list.per_page).toBe(1);
    expect(list.total).toBeGreaterThanOrEqual(1);
    expect(list.data).toHaveLength(1);
    const mine = (await admin.get('/api/admin/deletions?per_page=100')).json().data as PendingDeletionDto[];
    expect(mine.find((d) => d.user_id === student.id)).toMatchObject({ self: false, email: student.email });

    expect((await admin.delete(`/api/admin/users/${student.id}/deletion`)).statusCode).toBe(200);
    await drainJobs(t.app);
    expect(smtp.mailsTo(student.email).at(-1)!.subject).toBe('Ihr Konto wird nicht gelöscht');
    const none = await admin.delete(`/api/admin/users/${student.id}/deletion`);
    expect(none.statusCode).toBe(409);
    expect(none.json().code).toBe('privacy.not_pending');

    const self = await admin.post(`/api/admin/users/${adminId}/deletion`);
    expect(self.statusCode).toBe(409);
    expect(self.json().code).toBe('privacy.own_account');
    expect((await admin.post('/api/admin/users/999999/deletion')).statusCode).toBe(404);
    expect((await admin.post('/api/admin/users/999999/export')).statusCode).toBe(404);
    expect((await admin.get('/api/admin/deletions?page=0')).statusCode).toBe(422);

    const actions = (await db().select().from(auditLog).where(eq(auditLog.targetId, student.id))).map(
      (a) => `${a.action}:${a.actorId}`,
    );
    expect(actions).toEqual(
      expect.arrayContaining([
        `user.export_requested:${adminId}`,
        `user.deletion_requested:${adminId}`,
        `user.deletion_canceled:${adminId}`,
      ]),
    );
  });

  it('the last active admin cannot delete their account', async () => {
    const [only] = await db().select().from(users).where(eq(users.id, adminId));
    const others = (await usersRepository.activeAdminIds(db())).filter((id) => id !== adminId);
    expect(others).toEqual([]);
    const res = await admin.post('/api/privacy/deletion', { password: TEST_PASSWORD });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('admin.last_admin');
    expect(only!.disabledAt).toBeNull();
  });
});
