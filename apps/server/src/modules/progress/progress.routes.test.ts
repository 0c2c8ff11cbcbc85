import type {
  CertificateDto,
  LearnerProgressRow,
  MyCertificateDto,
  SeminarProgressDetailDto,
  SeminarProgressDto,
} from '@elearn/shared';
import { and, eq, inArray, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answers, auditLog, enrolments, videoProgress } from '../../db/schema/index.ts';
import { type Agent, buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { seminarFixtures } from '../../test/fixtures.ts';
import { mcTestRows } from '../../test/mc-test-fixtures.ts';
import { pdfFonts, pdfText } from '../../test/pdf.ts';

describe('progress, video resume and certificates (issue 16)', () => {
  let t: TestApp;
  let fx: ReturnType<typeof seminarFixtures>;
  let mx: ReturnType<typeof mcTestRows>;
  let trainer: Agent;
  let trainerId: number;
  let other: Agent;
  let otherId: number;
  let admin: Agent;
  let student: Agent;
  let studentId: number;
  let studentName: string;

  beforeAll(async () => {
    t = await buildTestApp({ rateLimitFactor: 100 });
    fx = seminarFixtures(t.app);
    mx = mcTestRows(t.app.database.db);
    const [tr, ot, ad, st] = await Promise.all([
      t.make.user({ scopes: ['trainer'] }),
      t.make.user({ scopes: ['trainer'] }),
      t.make.user({ scopes: ['admin'] }),
      t.make.user(),
    ]);
    trainerId = tr.id;
    otherId = ot.id;
    studentId = st.id;
    studentName = `${st.firstName} ${st.lastName}`;
    [trainer, other, admin, student] = await Promise.all([
      t.loginAs(tr.email),
      t.loginAs(ot.email),
      t.loginAs(ad.email),
      t.loginAs(st.email),
    ]);
  });
  afterAll(() => t.close());

  const save = (agent: Agent, videoId: number, body: object) =>
    agent.post(`/api/progress/videos/${videoId}/position`, body);
  const detail = async (agent: Agent, seminarId: number) => {
    const res = await agent.get(`/api/progress/seminars/${seminarId}`);
    expect(res.statusCode).toBe(200);
    return res.json() as SeminarProgressDetailDto;
  };

  /** stops a run started through the API with the right answers (the test's questions, mcTestRows) */
  async function stopRight(
    run: { user_graduate_id: number; questions: { id: number; answers: { id: number }[] }[] },
    _testId: number,
  ) {
    const rows = await t.app.database.db
      .select({ id: answers.id, correct: answers.correct })
      .from(answers)
      .where(
        inArray(
          answers.id,
          run.questions.flatMap((q) => q.answers.map((a) => a.id)),
        ),
      );
    const correct = new Set(rows.filter((r) => r.correct).map((r) => r.id));
    return student.patch('/api/graduate/stopTest', {
      resultSet: {
        userGraduateId: run.user_graduate_id,
        questions: run.questions.map((q) => ({
          questionId: q.id,
          answerIds: q.answers.filter((a) => correct.has(a.id)).map((a) => a.id),
        })),
      },
    });
  }

  async function bookedWithVideo() {
    const s = await fx.seminar(trainerId, { bookedBy: [studentId], title: 'Brandschutz Grundlagen' });
    const c = await fx.chapter(s.id);
    const v = await fx.video(c.id);
    return { seminarId: s.id, chapterId: c.id, videoId: v.id };
  }

  describe('video position and coverage', () => {
    it('remembers the position and merges overlapping and seeking intervals', async () => {
      const w = await bookedWithVideo();
      // play 0–30, seek back and replay 10–40 (overlap), seek ahead to 100–120, then 115–125
      expect(
        (await save(student, w.videoId, { position: 30, duration: 200, segments: [[0, 30]] })).statusCode,
      ).toBe(204);
      await save(student, w.videoId, { position: 40, duration: 200, segments: [[10, 40]] });
      await save(student, w.videoId, { position: 120, duration: 200, segments: [[100, 120]] });
      await save(student, w.videoId, {
        position: 125.5,
        duration: 200,
        segments: [
          [115, 125],
          [125, 125.5],
        ],
      });
      const d = await detail(student, w.seminarId);
      const video = d.videos.find((v) => v.video_id === w.videoId)!;
      expect(video.position).toBe(125.5);
      expect(video.duration).toBe(200);
      // [0,40] + [100,125.5] = 65.5 s of 200
      expect(video.coverage).toBe(0.33);
      const [row] = await t.app.database.db
        .select({ intervals: videoProgress.intervals, watched_s: videoProgress.watchedS })
        .from(videoProgress)
        .where(eq(videoProgress.fileId, w.videoId));
      expect(row!.intervals).toEqual([
        [0, 40],
        [100, 125.5],
      ]);
      expect(row!.watched_s).toBe(65.5);
      // watching the same part again changes nothing; a segment past the end is cut at the end
      await save(student, w.videoId, { position: 20, duration: 200, segments: [[5, 25]] });
      await save(student, w.videoId, { position: 200, duration: 200, segments: [[190, 200.5]] });
      const again = (await detail(student, w.seminarId)).videos[0]!;
      expect(again.position).toBe(200);
      expect(again.coverage).toBe(Math.round((75.5 / 200) * 100) / 100);
    });

    it('loses no segment when saves of one learner arrive at the same time (two tabs)', async () => {
      const w = await bookedWithVideo();
      const results = await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          save(student, w.videoId, { position: i * 10 + 5, duration: 100, segments: [[i * 10, i * 10 + 5]] }),
        ),
      );
      expect(results.map((r) => r.statusCode)).toEqual(Array(10).fill(204));
      expect((await detail(student, w.seminarId)).videos[0]!.coverage).toBe(0.5);
    });

    it('answers each of many saves sent at once on its own: stored, refused or unknown, in a few statements', async () => {
      const w = await bookedWithVideo();
      const learners = await Promise.all(Array.from({ length: 4 }, () => t.make.user()));
      await t.app.database.db
        .insert(enrolments)
        .values(learners.map((l) => ({ userId: l.id, seminarId: w.seminarId, source: 'free' as const })));
      const agents = await Promise.all(learners.map((l) => t.loginAs(l.email)));
      const before = t.app.database.queryCount();
      const results = await Promise.all([
        ...agents.map((a, i) =>
          save(a, w.videoId, { position: 10 + i, duration: 100, segments: [[0, 10 + i]] }),
        ),
        save(other, w.videoId, { position: 50, duration: 100, segments: [[0, 50]] }),
        save(student, 999_999, { position: 1, duration: 10 }),
      ]);
      expect(results.map((r) => r.statusCode)).toEqual([204, 204, 204, 204, 403, 404]);
      // one look-up and one save statement for the batch, plus the refusals' explanations
      expect(t.app.database.queryCount() - before).toBeLessThan(6);
      for (const [i, a] of agents.entries()) {
        const v = (await detail(a, w.seminarId)).videos[0]!;
        expect(v.position).toBe(10 + i);
        expect(v.coverage).toBeCloseTo((10 + i) / 100);
      }
      // the refused save wrote nothing
      const [row] = await t.app.database.db
        .select({ n: sql<number>`count(*)::int` })
        .from(videoProgress)
        .where(and(eq(videoProgress.fileId, w.videoId), eq(videoProgress.userId, otherId)));
      expect(row!.n).toBe(0);
    });

    it('takes a beacon: JSON as text/plain with the CSRF token in the body', async () => {
      const w = await bookedWithVideo();
      const ok = await student.request({
        method: 'POST',
        url: `/api/progress/videos/${w.videoId}/position`,
        headers: { 'content-type': 'text/plain;charset=UTF-8' },
        payload: JSON.stringify({ position: 12, duration: 60, segments: [[0, 12]], xsrf: student.xsrf() }),
        csrf: false,
      });
      expect(ok.statusCode).toBe(204);
      expect((await detail(student, w.seminarId)).videos[0]!.position).toBe(12);
      const wrong = await student.request({
        method: 'POST',
        url: `/api/progress/videos/${w.videoId}/position`,
        headers: { 'content-type': 'text/plain;charset=UTF-8' },
        payload: JSON.stringify({ position: 30, duration: 60, segments: [], xsrf: 'forged' }),
        csrf: false,
      });
      expect(wrong.statusCode).toBe(419);
      const none = await student.request({
        method: 'POST',
        url: `/api/progress/videos/${w.videoId}/position`,
        payload: { position: 30, duration: 60, segments: [] },
        csrf: false,
      });
      expect(none.statusCode).toBe(419);
      expect((await detail(student, w.seminarId)).videos[0]!.position).toBe(12);
    });

    it('rejects bad saves with 422 and changes nothing', async () => {
      const w = await bookedWithVideo();
      await save(student, w.videoId, { position: 10, duration: 100, segments: [[0, 10]] });
      const bad = [
        { position: -1, duration: 100 },
        { position: 10, duration: 0 },
        { position: 150, duration: 100 },
        { position: 10, duration: 100, segments: [[20, 10]] },
        { position: 10, duration: 100, segments: [[0, 500]] },
        { position: 10, duration: 100, segments: Array.from({ length: 51 }, (_, i) => [i, i + 1]) },
        { position: 10, duration: 100, extra: 1 },
        { position: 'x', duration: 100 },
        { position: 10, duration: 100_000 },
      ];
      for (const body of bad) {
        const res = await save(student, w.videoId, body);
        expect(res.statusCode, JSON.stringify(body)).toBe(422);
        expect(res.json().message).toBeTruthy();
      }
      // a beacon whose text is not JSON
      const garbled = await student.request({
        method: 'POST',
        url: `/api/progress/videos/${w.videoId}/position`,
        headers: { 'content-type': 'text/plain;charset=UTF-8' },
        payload: '{"position": 1,',
      });
      expect(garbled.statusCode).toBeGreaterThanOrEqual(400);
      expect(garbled.statusCode).toBeLessThan(500);
      expect(garbled.json().message).toBeTruthy();
      const english = await student.request({
        method: 'POST',
        url: `/api/progress/videos/${w.videoId}/position`,
        headers: { 'accept-language': 'en' },
        payload: { position: 10, duration: 100, segments: [[20, 10]] },
      });
      expect(JSON.stringify(english.json().errors)).toContain('A segment must start before it ends.');
      const v = (await detail(student, w.seminarId)).videos[0]!;
      expect(v.position).toBe(10);
      expect(v.coverage).toBe(0.1);
    });

    it('refuses a video of a seminar not held (403), of a locked chapter (403), and unknown ones (404)', async () => {
      const w = await bookedWithVideo();
      expect((await save(other, w.videoId, { position: 1, duration: 10 })).statusCode).toBe(403);
      const locked = await fx.chapter(w.seminarId, { unlocked: false });
      const lockedVideo = await fx.video(locked.id);
      expect((await save(student, lockedVideo.id, { position: 1, duration: 10 })).statusCode).toBe(403);
      const doc = await fx.doc(w.chapterId);
      expect((await save(student, doc.id, { position: 1, duration: 10 })).statusCode).toBe(404);
      expect((await save(student, 999_999, { position: 1, duration: 10 })).statusCode).toBe(404);
      // the owner may play (and is remembered) without a grant
      expect((await save(trainer, w.videoId, { position: 3, duration: 10 })).statusCode).toBe(204);
    });
  });

  describe('completion and certificates', () => {
    it('completes when every playable chapter is done and every enabled test passed, and issues a certificate', async () => {
      const s = await fx.seminar(trainerId, { bookedBy: [studentId], title: 'Erste Hilfe' });
      const c1 = await fx.chapter(s.id);
      const c2 = await fx.chapter(s.id);
      await fx.chapter(s.id, { unlocked: false }); // not playable: does not count
      const video = await fx.video(c2.id);
      const { test } = await mx.test(trainerId, { chapterId: c1.id, mode: 'practice' });
      await mx.test(trainerId, { chapterId: c1.id, enabled: false }); // disabled: does not count
      // chapter 2 is done by its video (owner's rule); hours on the certificate
      const put = await trainer.request({
        method: 'PUT',
        url: `/api/progress/seminars/${s.id}/settings`,
        payload: { hours: 7.5, require_confirmation: false, video_done_chapter_ids: [c2.id] },
      });
      expect(put.statusCode).toBe(200);
      expect(put.json()).toEqual({
        hours: 7.5,
        require_confirmation: false,
        video_done_chapter_ids: [c2.id],
      });

      let d = await detail(student, s.id);
      expect(d).toMatchObject({
        chapters_total: 2,
        chapters_done: 0,
        tests_total: 1,
        tests_passed: 0,
        percent: 0,
      });
      expect(d.completed_at).toBeNull();

      await student.patch('/api/chapters/toggle/user', { chapterUser: c1.id, done: true });
      // the mark does not count for a chapter done by its video
      await student.patch('/api/chapters/toggle/user', { chapterUser: c2.id, done: true });
      d = await detail(student, s.id);
      expect(d.chapters_done).toBe(1);
      expect(d.percent).toBe(33);
      await save(student, video.id, { position: 89, duration: 100, segments: [[0, 89]] });
      expect((await detail(student, s.id)).chapters_done).toBe(1);
      await save(student, video.id, { position: 90, duration: 100, segments: [[89, 90]] });
      d = await detail(student, s.id);
      expect(d.chapters_done).toBe(2);
      expect(d.completed_at).toBeNull();

      // a failed run does not count; an accomplished one does
      await mx.run(test.id, studentId, { stopped: true, right: false });
      expect((await detail(student, s.id)).tests_passed).toBe(0);
      // the completion is decided by the stop (issue 36 item 3), through the API
      const started = (await student.post('/api/graduate/startTest', { id: test.id })).json() as {
        user_graduate_id: number;
        questions: { id: number; answers: { id: number }[] }[];
      };
      const right = await stopRight(started, test.id);
      expect(right.statusCode).toBe(200);
      d = await detail(student, s.id);
      expect(d).toMatchObject({ tests_passed: 1, percent: 100 });
      expect(d.completed_at).not.toBeNull();
      expect(d.certificate?.code).toMatch(/^[A-Za-z0-9_-]{24}$/);
      const code = d.certificate!.code;

      // the completion stays when the seminar changes later
      await fx.chapter(s.id);
      d = await detail(student, s.id);
      expect(d.percent).toBe(75);
      expect(d.completed_at).not.toBeNull();
      expect(d.certificate?.code).toBe(code);

      const mine = (await student.get('/api/certificates')).json() as MyCertificateDto[];
      const cert = mine.find((m) => m.code === code)!;
      expect(cert).toMatchObject({
        learner_name: studentName,
        seminar_title: 'Erste Hilfe',
        hours: 7.5,
        status: 'valid',
        seminar_slug: s.slug,
      });

      // the cards' list
      const cards = (await student.get('/api/progress/seminars')).json() as SeminarProgressDto[];
      expect(cards.find((x) => x.seminar_id === s.id)?.certificate?.code).toBe(code);
    });

    it('counts a test only after the owner confirmed the graduation when the seminar asks for it', async () => {
      const s = await fx.seminar(trainerId, { bookedBy: [studentId] });
      const c = await fx.chapter(s.id);
      const { test } = await mx.test(trainerId, { chapterId: c.id });
      await trainer.request({
        method: 'PUT',
        url: `/api/progress/seminars/${s.id}/settings`,
        payload: { hours: null, require_confirmation: true, video_done_chapter_ids: [] },
      });
      await student.patch('/api/chapters/toggle/user', { chapterUser: c.id, done: true });
      const run = await mx.run(test.id, studentId, { stopped: true, right: true });
      expect((await detail(student, s.id)).tests_passed).toBe(0);
      const confirmed = await trainer.patch('/api/graduate/confirm', { userGraduateId: run.id });
      expect(confirmed.statusCode).toBe(200);
      const d = await detail(student, s.id);
      expect(d.tests_passed).toBe(1);
      expect(d.completed_at).not.toBeNull();
    });

    it('rejects bad settings (422) and refuses them to others (403)', async () => {
      const s = await fx.seminar(trainerId, { bookedBy: [studentId] });
      const foreign = await fx.chapter((await fx.seminar(trainerId)).id);
      const url = `/api/progress/seminars/${s.id}/settings`;
      for (const payload of [
        { hours: 0, require_confirmation: false, video_done_chapter_ids: [] },
        { hours: 2000, require_confirmation: false, video_done_chapter_ids: [] },
        { hours: null, require_confirmation: 'x', video_done_chapter_ids: [] },
        { hours: null, require_confirmation: false, video_done_chapter_ids: [foreign.id] },
      ]) {
        const res = await trainer.request({ method: 'PUT', url, payload });
        expect(res.statusCode, JSON.stringify(payload)).toBe(422);
      }
      expect(
        (
          await other.request({
            method: 'PUT',
            url,
            payload: { hours: 1, require_confirmation: false, video_done_chapter_ids: [] },
          })
        ).statusCode,
      ).toBe(403);
      expect((await student.get(url)).statusCode).toBe(403);
      expect((await admin.get(url)).statusCode).toBe(200);
    });

    it('serves the PDF, verifies publicly, revokes with a reason (audited) and shows it revoked', async () => {
      const s = await fx.seminar(trainerId, { bookedBy: [studentId], title: 'Gefahrstoffe Übersicht' });
      const c = await fx.chapter(s.id);
      await student.patch('/api/chapters/toggle/user', { chapterUser: c.id, done: true });
      const code = (await detail(student, s.id)).certificate!.code;

      const pdf = await student.get(`/api/certificates/${code}/pdf`);
      expect(pdf.statusCode).toBe(200);
      expect(pdf.headers['content-type']).toBe('application/pdf');
      expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
      const text = await pdfText(pdf.rawPayload);
      expect(text).toContain('Zertifikat');
      expect(text).toContain(studentName);
      expect(text).toContain('Gefahrstoffe Übersicht');
      expect(text).toContain(code);
      const fonts = pdfFonts(pdf.rawPayload);
      expect(
        fonts.names.every((n) => /SourceSansPro/.test(n)),
        fonts.names.join(),
      ).toBe(true);
      expect(fonts.allEmbedded).toBe(true); // every font embedded
      // English on request
      student.lang = 'en';
      const en = await student.get(`/api/certificates/${code}/pdf`);
      student.lang = 'de';
      const enText = await pdfText(en.rawPayload);
      expect(enText).toContain('Certificate of completion');
      expect(enText).toContain(`/en/certificate/${code}`);

      // others may not download it; its owner and admins may
      expect((await other.get(`/api/certificates/${code}/pdf`)).statusCode).toBe(403);
      expect((await trainer.get(`/api/certificates/${code}/pdf`)).statusCode).toBe(200);

      const guest = await t.agent();
      const verified = await guest.get(`/api/certificates/${code}`);
      expect(verified.statusCode).toBe(200);
      expect(verified.headers['cache-control']).toBe('no-store');
      expect(verified.json()).toEqual({
        code,
        learner_name: studentName,
        seminar_title: 'Gefahrstoffe Übersicht',
        trainer_name: expect.any(String),
        hours: null,
        completed_at: expect.any(String),
        status: 'valid',
        revoked_at: null,
      } satisfies Record<keyof CertificateDto, unknown>);
      expect((await guest.get(`/api/certificates/${'A'.repeat(24)}`)).statusCode).toBe(404);
      expect((await guest.get('/api/certificates/short')).statusCode).toBe(422);

      // revoke: reason required; not by the learner or another trainer
      const revokeUrl = `/api/certificates/${code}/revoke`;
      expect((await trainer.post(revokeUrl, { reason: '' })).statusCode).toBe(422);
      expect((await trainer.post(revokeUrl, {})).statusCode).toBe(422);
      expect((await trainer.post(revokeUrl, { reason: 'x'.repeat(501) })).statusCode).toBe(422);
      expect((await student.post(revokeUrl, { reason: 'Ich will nicht' })).statusCode).toBe(403);
      expect((await other.post(revokeUrl, { reason: 'Fremd' })).statusCode).toBe(403);
      const revoked = await trainer.post(revokeUrl, { reason: 'Prüfung wiederholt' });
      expect(revoked.statusCode).toBe(200);
      expect(revoked.json()).toMatchObject({ status: 'revoked' });
      expect((await admin.post(revokeUrl, { reason: 'Noch einmal' })).statusCode).toBe(409);
      const shown = (await guest.get(`/api/certificates/${code}`)).json() as CertificateDto;
      expect(shown.status).toBe('revoked');
      expect(shown.revoked_at).not.toBeNull();
      expect(JSON.stringify(shown)).not.toContain('Prüfung wiederholt');
      const audit = await t.app.database.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.action, 'certificate.revoked'));
      expect(audit.at(-1)).toMatchObject({ actorId: trainerId, targetType: 'certificate' });
      expect(audit.at(-1)!.after).toMatchObject({ reason: 'Prüfung wiederholt' });
      // the learner's list shows it revoked; a completion is not issued anew
      const mine = (await student.get('/api/certificates')).json() as MyCertificateDto[];
      expect(mine.find((m) => m.code === code)?.status).toBe('revoked');
      expect((await detail(student, s.id)).certificate?.code).toBe(code);
    });
  });

  describe('learners with progress (owners, admins, company managers)', () => {
    it('lists each learner with progress in a constant number of statements and exports them', async () => {
      const s = await fx.seminar(trainerId, { title: 'Liste' });
      const c = await fx.chapter(s.id);
      const v = await fx.video(c.id);
      const company = await t.make.company();
      const manager = await t.make.user({ scopes: ['corporateTraining'] });
      await t.make.member(company.id, manager.id, true);
      const learners = await Promise.all(Array.from({ length: 6 }, () => t.make.user()));
      for (const [i, l] of learners.entries()) {
        const company_ = i % 2 === 0;
        if (company_) await t.make.member(company.id, l.id);
        await t.app.database.db.insert(enrolments).values({
          seminarId: s.id,
          userId: l.id,
          source: company_ ? 'company' : 'free',
          companyId: company_ ? company.id : null,
        });
      }
      const first = await t.loginAs(learners[0]!.email);
      await first.post(`/api/progress/videos/${v.id}/position`, {
        position: 50,
        duration: 100,
        segments: [[0, 50]],
      });

      const res = await trainer.get(`/api/progress/seminars/${s.id}/learners?per_page=50`);
      expect(res.statusCode).toBe(200);
      const page = res.json() as { data: LearnerProgressRow[]; total: number };
      expect(page.total).toBe(6);
      const row = page.data.find((r) => r.user.id === learners[0]!.id)!;
      expect(row.progress.video_coverage).toBe(0.5);
      expect(row.videos).toEqual([{ video_id: v.id, coverage: 0.5 }]);
      expect(row.source).toBe('company');
      // the same number of statements for a page of 2 and of 50 learners
      const queriesFor = async (perPage: number) => {
        const before = t.app.database.queryCount();
        expect(
          (await trainer.get(`/api/progress/seminars/${s.id}/learners?per_page=${perPage}`)).statusCode,
        ).toBe(200);
        return t.app.database.queryCount() - before;
      };
      await queriesFor(2);
      expect(await queriesFor(2)).toBe(await queriesFor(50));

      // the manager sees only the company's employees; others are refused
      const mgr = await t.loginAs(manager.email);
      const managed = (await mgr.get(`/api/progress/seminars/${s.id}/learners`)).json() as {
        data: LearnerProgressRow[];
      };
      expect(managed.data.map((r) => r.user.id).sort()).toEqual(
        learners
          .filter((_, i) => i % 2 === 0)
          .map((l) => l.id)
          .sort(),
      );
      expect((await other.get(`/api/progress/seminars/${s.id}/learners`)).statusCode).toBe(403);
      expect((await student.get(`/api/progress/seminars/${s.id}/learners`)).statusCode).toBe(403);
      expect((await trainer.get(`/api/progress/seminars/${s.id}/learners?kind=x`)).statusCode).toBe(422);

      const xlsx = await trainer.get(`/api/progress/seminars/${s.id}/export`);
      expect(xlsx.statusCode).toBe(200);
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
      const sheet = wb.worksheets[0]!;
      expect(sheet.name).toBe('Fortschritt');
      expect(sheet.rowCount).toBe(7);
      const values = sheet.getColumn(7).values.slice(2);
      expect(values).toContain(50);
      const mgrXlsx = await mgr.get(`/api/progress/seminars/${s.id}/export`);
      const wb2 = new ExcelJS.Workbook();
      await wb2.xlsx.load(mgrXlsx.rawPayload as unknown as ArrayBuffer);
      expect(wb2.worksheets[0]!.rowCount).toBe(4);
    });
  });
});

describe('certificate look-ups are throttled like other token look-ups', () => {
  it('answers 429 after 30 failed look-ups of one address in a minute', async () => {
    const t = await buildTestApp();
    try {
      const guest = await t.agent();
      let last = 0;
      for (let i = 0; i < 31; i++) {
        last = (await guest.get(`/api/certificates/${String(i).padStart(24, 'x')}`)).statusCode;
      }
      expect(last).toBe(429);
    } finally {
      await t.close();
    }
  });
});
