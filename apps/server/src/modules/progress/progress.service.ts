import type {
  CertificateDto,
  CompletionSettingsBody,
  CompletionSettingsDto,
  LearnerProgressQuery,
  LearnerProgressRow,
  Locale,
  MyCertificateDto,
  SeminarProgressDetailDto,
  SeminarProgressDto,
  VideoPositionBody,
} from '@elearn/shared';
import { encodeMessage, VIDEO_DONE_SHARE } from '@elearn/shared';
import type { AppConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { AppError, forbidden, notFound, tooManyRequests, validation } from '../../errors.ts';
import { batched } from '../../lib/batch.ts';
import { randomToken } from '../../lib/crypto.ts';
import type { RateCounter } from '../../lib/rate-counter.ts';
import type { AuthUser } from '../../plugins/session.ts';
import { certificatePolicy } from '../../policies/certificate.policy.ts';
import { companyPolicy } from '../../policies/company.policy.ts';
import { seminarPolicy } from '../../policies/seminar.policy.ts';
import { auditRepository } from '../audit/audit.repository.ts';
import type { EnrolmentsService } from '../enrolments/enrolments.service.ts';
import type { SeminarsService } from '../seminars/seminars.service.ts';
import { renderCertificatePdf } from './certificate.pdf.ts';
import { buildProgressExport } from './progress.export.ts';
import { progressPersonalData } from './progress.personal-data.ts';
import {
  type CertificateRow,
  type ChapterFacts,
  type PositionSave,
  progressRepository as repo,
  type SeminarFacts,
} from './progress.repository.ts';

export type ProgressService = ReturnType<typeof createProgressService>;

/** failed certificate look-ups per IP and minute before 429: the token look-ups' limit (SECURITY A-10) */
const TOKEN_FAILURES = 30;
const TOKEN_WINDOW_S = 60;

const iso = (d: Date) => d.toISOString();
const round2 = (x: number) => Math.round(x * 100) / 100;

interface Computed {
  summary: SeminarProgressDto;
  detail: SeminarProgressDetailDto;
  /** all rules met now (stored or not) */
  meetsRules: boolean;
}

const certificateDto = (c: CertificateRow): CertificateDto => ({
  code: c.code,
  learner_name: c.learnerName,
  seminar_title: c.seminarTitle,
  trainer_name: c.trainerName,
  hours: c.hours ?? null,
  completed_at: iso(c.completedAt),
  status: c.revokedAt ? 'revoked' : 'valid',
  revoked_at: c.revokedAt ? iso(c.revokedAt) : null,
});

/**
 * Learning progress, video resume and coverage, completion and certificates (issue 16). Who
 * holds a seminar comes from the enrolments service; seminar access from the seminars service.
 * Progress of any number of learners in any number of seminars takes the same seven statements
 * (three for the seminars' structure, four for the learners' facts), plus one transaction when
 * learners newly meet the completion rules.
 */
export function createProgressService(deps: {
  db: Db;
  config: AppConfig;
  counter: RateCounter;
  seminars: SeminarsService;
  enrolments: EnrolmentsService;
  now?: () => number;
}) {
  const { db, config, counter, seminars, enrolments } = deps;
  const now = deps.now ?? Date.now;
  /** the saves of players that arrive together go in one statement (lib/batch.ts) */
  const savePosition = batched((saves: PositionSave[]) => repo.savePositions(db, saves));

  /** progress of every user in every seminar (the pairs asked for), completing those that now qualify */
  async function compute(pairs: { userId: number; seminarId: number }[]): Promise<Map<string, Computed>> {
    const out = new Map<string, Computed>();
    if (pairs.length === 0) return out;
    const seminarIds = [...new Set(pairs.map((p) => p.seminarId))];
    const userIds = [...new Set(pairs.map((p) => p.userId))];
    const [facts, chapters] = await Promise.all([
      repo.seminarFacts(db, seminarIds),
      repo.playableChapters(db, seminarIds),
    ]);
    const chapterIds = chapters.map((c) => c.id);
    const videoIds = chapters.flatMap((c) => c.videoIds);
    const tests = await repo.enabledTests(db, chapterIds);
    const [marks, videos, passed, completions] = await Promise.all([
      repo.doneMarks(db, userIds, chapterIds),
      repo.videoRows(db, userIds, videoIds),
      repo.passedTests(
        db,
        userIds,
        tests.map((t) => t.id),
      ),
      repo.completions(db, userIds, seminarIds),
    ]);
    const factOf = new Map(facts.map((f) => [f.id, f]));
    const chaptersOf = new Map<number, ChapterFacts[]>();
    for (const c of chapters) chaptersOf.set(c.seminarId, [...(chaptersOf.get(c.seminarId) ?? []), c]);
    const seminarOfChapter = new Map(chapters.map((c) => [c.id, c.seminarId]));
    const testsOf = new Map<number, { id: number; chapterId: number }[]>();
    for (const t of tests) {
      const s = seminarOfChapter.get(t.chapterId)!;
      testsOf.set(s, [...(testsOf.get(s) ?? []), t]);
    }
    const markSet = new Set(marks.map((m) => `${m.userId}/${m.chapterId}`));
    const videoOf = new Map(videos.map((v) => [`${v.userId}/${v.fileId}`, v]));
    const passedOf = new Map(passed.map((p) => [`${p.userId}/${p.testId}`, !!p.confirmed]));
    const completionOf = new Map(completions.map((c) => [`${c.userId}/${c.seminarId}`, c]));

    const toComplete: { userId: number; seminar: SeminarFacts; key: string }[] = [];
    for (const { userId, seminarId } of pairs) {
      const key = `${userId}/${seminarId}`;
      const seminar = factOf.get(seminarId);
      if (!seminar || out.has(key)) continue;
      const chs = chaptersOf.get(seminarId) ?? [];
      const ts = testsOf.get(seminarId) ?? [];
      let watchedTotal = 0;
      let lengthTotal = 0;
      const videoDtos: SeminarProgressDetailDto['videos'] = [];
      const coverageOf = (fileId: number) => {
        const v = videoOf.get(`${userId}/${fileId}`);
        return v && v.duration > 0 ? Math.min(1, v.watched / v.duration) : 0;
      };
      const chapterDtos = chs.map((c) => {
        for (const fileId of c.videoIds) {
          const v = videoOf.get(`${userId}/${fileId}`);
          if (v) {
            watchedTotal += Math.min(v.watched, v.duration);
            lengthTotal += v.duration;
          }
          videoDtos.push({
            video_id: fileId,
            chapter_id: c.id,
            position: v ? round2(v.position) : 0,
            duration: v ? round2(v.duration) : 0,
            coverage: round2(coverageOf(fileId)),
          });
        }
        const done = c.videoRule
          ? c.videoIds.length > 0 && c.videoIds.every((f) => coverageOf(f) >= VIDEO_DONE_SHARE)
          : markSet.has(`${userId}/${c.id}`);
        return { chapter_id: c.id, done, video_rule: c.videoRule };
      });
      const testDtos = ts.map((t) => {
        const p = passedOf.get(`${userId}/${t.id}`);
        return {
          mc_test_id: t.id,
          chapter_id: t.chapterId,
          passed: p !== undefined && (!seminar.requireConfirmation || p),
        };
      });
      const chaptersDone = chapterDtos.filter((c) => c.done).length;
      const testsPassed = testDtos.filter((t) => t.passed).length;
      const items = chs.length + ts.length;
      const meetsRules = chs.length > 0 && chaptersDone === chs.length && testsPassed === ts.length;
      const stored = completionOf.get(key);
      const summary: SeminarProgressDto = {
        seminar_id: seminarId,
        chapters_total: chs.length,
        chapters_done: chaptersDone,
        tests_total: ts.length,
        tests_passed: testsPassed,
        percent: items ? Math.round(((chaptersDone + testsPassed) / items) * 100) : 0,
        // lengths known from the player; a video never played counts with its length unknown
        video_coverage: videoDtos.length ? (lengthTotal > 0 ? round2(watchedTotal / lengthTotal) : 0) : null,
        completed_at: stored ? iso(stored.completedAt) : null,
        certificate:
          stored?.code && stored.issuedAt
            ? {
                code: stored.code,
                issued_at: iso(stored.issuedAt),
                revoked_at: stored.revokedAt ? iso(stored.revokedAt) : null,
              }
            : null,
      };
      out.set(key, {
        summary,
        detail: { ...summary, chapters: chapterDtos, tests: testDtos, videos: videoDtos },
        meetsRules,
      });
      if (meetsRules && !stored) toComplete.push({ userId, seminar, key });
    }
    if (toComplete.length) {
      const at = new Date(now());
      const names = await repo.names(
        db,
        toComplete.map((c) => c.userId),
      );
      const rows = toComplete.map((c) => ({
        userId: c.userId,
        seminarId: c.seminar.id,
        at,
        certificate: {
          code: randomToken(18),
          ownerId: c.seminar.ownerId,
          learnerName: names.get(c.userId) ?? '',
          seminarTitle: c.seminar.title,
          trainerName: c.seminar.ownerName,
          hours: c.seminar.hours,
        },
      }));
      await repo.complete(db, rows);
      // read back: a parallel request may have completed first (its date and code stand)
      const stored = await repo.completions(
        db,
        [...new Set(rows.map((r) => r.userId))],
        [...new Set(rows.map((r) => r.seminarId))],
      );
      const storedOf = new Map(stored.map((c) => [`${c.userId}/${c.seminarId}`, c]));
      for (const c of toComplete) {
        const s = storedOf.get(c.key);
        const entry = out.get(c.key)!;
        if (!s) continue;
        entry.summary.completed_at = iso(s.completedAt);
        entry.summary.certificate =
          s.code && s.issuedAt
            ? { code: s.code, issued_at: iso(s.issuedAt), revoked_at: s.revokedAt ? iso(s.revokedAt) : null }
            : null;
        entry.detail = {
          ...entry.detail,
          completed_at: entry.summary.completed_at,
          certificate: entry.summary.certificate,
        };
      }
    }
    return out;
  }

  /** the caller may see learners of the seminar: all (manager of it) or those of their companies */
  async function learnerScope(actor: AuthUser, seminarId: number): Promise<number[] | null> {
    const access = await seminars.access(actor, seminarId);
    if (access.manage) return null;
    const ids = companyPolicy.managedIds(actor);
    if (!ids || ids.length === 0) throw forbidden();
    return ids;
  }

  async function manage(actor: AuthUser, seminarId: number) {
    const access = await seminars.access(actor, seminarId);
    if (!access.manage) throw forbidden();
    return access.seminar;
  }

  async function allLearnerRows(seminarId: number, scope: number[] | null, kind?: 'personal' | 'company') {
    const rows: Awaited<ReturnType<EnrolmentsService['learners']>>['data'] = [];
    // pages of 1,000 grants until the export has every learner
    for (let page = 1; ; page++) {
      const p = await enrolments.learners(seminarId, { page, per_page: 1000, kind, companyIds: scope });
      rows.push(...p.data);
      if (page >= p.last_page) break;
    }
    return rows;
  }

  async function learnerRows(
    seminarId: number,
    data: Awaited<ReturnType<EnrolmentsService['learners']>>['data'],
  ) {
    const computed = await compute(data.map((d) => ({ userId: d.user.id, seminarId })));
    return data.map((d): LearnerProgressRow => {
      const c = computed.get(`${d.user.id}/${seminarId}`)!;
      return {
        user: {
          id: d.user.id,
          first_name: d.user.firstName,
          last_name: d.user.lastName,
          email: d.user.email,
        },
        source: d.grant.source,
        company_id: d.grant.companyId,
        progress: c.summary,
        videos: c.detail.videos.map((v) => ({ video_id: v.video_id, coverage: v.coverage })),
      };
    });
  }

  async function guardTokenGuessing(ip: string) {
    const r = await counter.reserve(
      `token-guess:${ip}`,
      TOKEN_WINDOW_S,
      TOKEN_FAILURES * config.rateLimitFactor,
    );
    if (!r.allowed) throw tooManyRequests(r.resetInSeconds || TOKEN_WINDOW_S);
  }

  async function certificateFor(
    actor: AuthUser,
    code: string,
    may: (a: AuthUser, c: CertificateRow) => boolean,
  ) {
    const row = await repo.certificateByCode(db, code);
    if (!row) throw new AppError(404, 'certificate.invalid', 'certificate.invalid');
    if (!may(actor, row)) throw forbidden();
    return row;
  }

  return {
    /** what this module keeps about a person: the data export and the account erasure (issue 19) */
    personalData: progressPersonalData(db),
    /**
     * Saves where the learner is in a video and merges the parts played: one statement with the
     * access check. Owners and admins may play without a grant: theirs is saved too.
     * @throws 404 unknown video, 403 not playable by the caller
     */
    async savePosition(actor: AuthUser, fileId: number, body: VideoPositionBody): Promise<void> {
      const duration = body.duration;
      const segments = body.segments
        .map(([from, to]) => [Math.min(from, duration), Math.min(to, duration)] as [number, number])
        .filter(([from, to]) => to > from);
      const saved = await savePosition({
        userId: actor.id,
        isAdmin: seminarPolicy.managesEvery(actor),
        fileId,
        position: Math.min(body.position, duration),
        duration,
        segments,
        at: new Date(now()),
      });
      if (saved) return;
      // refused: which answer (only now, the saves that pass take one statement)
      const access = await repo.videoAccess(db, fileId, actor.id);
      if (!access) throw notFound();
      throw forbidden();
    },

    /** the caller's progress in every seminar they hold (the booked seminars' cards) */
    async mine(actor: AuthUser): Promise<SeminarProgressDto[]> {
      const held = await enrolments.seminarsOf(actor.id);
      const ids = held.map((h) => h.seminarId);
      const computed = await compute(ids.map((seminarId) => ({ userId: actor.id, seminarId })));
      return ids.flatMap((id) => {
        const c = computed.get(`${actor.id}/${id}`);
        return c ? [c.summary] : [];
      });
    },

    /** the caller's progress in one seminar they may play, with chapters, tests and videos */
    async mineIn(actor: AuthUser, seminarId: number): Promise<SeminarProgressDetailDto> {
      const access = await seminars.access(actor, seminarId);
      if (!access.play) throw forbidden();
      const computed = await compute([{ userId: actor.id, seminarId }]);
      const c = computed.get(`${actor.id}/${seminarId}`);
      if (!c) throw notFound();
      return c.detail;
    },

    /** one page of a seminar's learners with their progress: owners and admins all, company managers their employees */
    async learners(actor: AuthUser, seminarId: number, q: LearnerProgressQuery) {
      const scope = await learnerScope(actor, seminarId);
      const page = await enrolments.learners(seminarId, {
        page: q.page,
        per_page: q.per_page,
        kind: scope ? 'company' : q.kind,
        companyIds: scope,
      });
      return { ...page, data: await learnerRows(seminarId, page.data) };
    },

    /** every learner the caller may see, as an Excel workbook */
    async export(actor: AuthUser, seminarId: number, locale: Locale) {
      const scope = await learnerScope(actor, seminarId);
      const { seminar } = await seminars.access(actor, seminarId);
      const rows = await learnerRows(
        seminarId,
        await allLearnerRows(seminarId, scope, scope ? 'company' : undefined),
      );
      return buildProgressExport({ title: seminar.title, rows, locale, at: new Date(now()) });
    },

    async settings(actor: AuthUser, seminarId: number): Promise<CompletionSettingsDto> {
      await manage(actor, seminarId);
      const s = await repo.settings(db, seminarId);
      return {
        hours: s.hours,
        require_confirmation: s.requireConfirmation,
        video_done_chapter_ids: s.videoDoneChapterIds,
      };
    },

    /** @throws 422 when a chapter is not one of the seminar's */
    async saveSettings(
      actor: AuthUser,
      seminarId: number,
      body: CompletionSettingsBody,
    ): Promise<CompletionSettingsDto> {
      await manage(actor, seminarId);
      const all = await repo.chapterIdsOf(db, seminarId);
      const ids = [...new Set(body.video_done_chapter_ids)];
      if (ids.some((id) => !all.includes(id))) {
        throw validation({ video_done_chapter_ids: [encodeMessage('validation.invalid')] });
      }
      await repo.saveSettings(
        db,
        seminarId,
        { hours: body.hours, requireConfirmation: body.require_confirmation, videoDoneChapterIds: ids },
        all,
      );
      return this.settings(actor, seminarId);
    },

    // certificates -------------------------------------------------------------------------------

    /** the caller's certificates, the newest first */
    async myCertificates(actor: AuthUser): Promise<MyCertificateDto[]> {
      // completions the caller reached since they last looked are issued first
      await this.mine(actor);
      const rows = await repo.certificatesOf(db, actor.id);
      return rows.map((r) => ({
        ...certificateDto(r.certificate),
        seminar_slug: r.slug ?? null,
        issued_at: iso(r.certificate.issuedAt),
      }));
    },

    /** the PDF: for its learner, the seminar's owner and admins */
    async pdf(actor: AuthUser, code: string, locale: Locale) {
      const row = await certificateFor(actor, code, certificatePolicy.download);
      const body = await renderCertificatePdf(
        {
          code: row.code,
          learnerName: row.learnerName,
          seminarTitle: row.seminarTitle,
          trainerName: row.trainerName,
          hours: row.hours ?? null,
          completedAt: row.completedAt,
        },
        locale,
        config.appUrl,
      );
      return { body, fileName: `${locale === 'en' ? 'certificate' : 'zertifikat'}-${row.code}.pdf` };
    },

    /** the public verification: the certificate's facts and status; guesses count per IP */
    async verify(code: string, ip: string): Promise<CertificateDto> {
      await guardTokenGuessing(ip);
      const row = await repo.certificateByCode(db, code);
      if (!row) throw new AppError(404, 'certificate.invalid', 'certificate.invalid');
      await counter.release(`token-guess:${ip}`);
      return certificateDto(row);
    },

    /** revokes a certificate (owner of its seminar at issue, admins), audited; 409 when revoked already */
    async revoke(actor: AuthUser, code: string, reason: string): Promise<CertificateDto> {
      const row = await certificateFor(actor, code, certificatePolicy.revoke);
      if (row.revokedAt)
        throw new AppError(409, 'certificate.already_revoked', 'certificate.already_revoked');
      const at = new Date(now());
      const updated = await db.transaction(async (tx) => {
        const u = await repo.revoke(tx, row.id, actor.id, reason, at);
        if (!u) return undefined;
        await auditRepository.record(
          tx,
          {
            actor: { id: actor.id, username: actor.username },
            action: 'certificate.revoked',
            targetType: 'certificate',
            targetId: row.id,
            targetLabel: `${row.seminarTitle}: ${row.learnerName}`,
            before: { revoked: false },
            after: { revoked: true, reason },
          },
          at,
        );
        return u;
      });
      if (!updated) throw new AppError(409, 'certificate.already_revoked', 'certificate.already_revoked');
      return certificateDto(updated);
    },
  };
}
