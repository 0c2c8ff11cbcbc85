import type { SeminarProgressDetailDto, SeminarProgressDto } from '@elearn/shared';
import { VIDEO_DONE_SHARE } from '@elearn/shared';
import type { DbOrTx } from '../../db/client.ts';
import { certificateRef, iso, round2 } from './progress.dto.ts';
import { type ChapterFacts, progressRepository as repo, type SeminarFacts } from './progress.repository.ts';

/**
 * The progress read model (issue 16): progress of any number of learners in any number of
 * seminars takes the same seven statements (three for the seminars' structure, four for the
 * learners' facts). It only reads: completion is decided when a fact changes (issue 36 item 3).
 */

export interface Computed {
  summary: SeminarProgressDto;
  detail: SeminarProgressDetailDto;
  /** all rules met now (stored or not) */
  meetsRules: boolean;
  /** whether a completion is stored */
  completed: boolean;
  /** the seminar's facts (the certificate's title, owner and hours) */
  seminar: SeminarFacts;
}

type Pair = { userId: number; seminarId: number };
type Facts = Awaited<ReturnType<typeof loadFacts>>;
type Stored = Awaited<ReturnType<typeof repo.completions>>[number];

/** the seminars' structure and the learners' facts, indexed by seminar and by `user/thing` */
async function loadFacts(db: DbOrTx, pairs: Pair[]) {
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
  const chaptersOf = new Map<number, ChapterFacts[]>();
  for (const c of chapters) chaptersOf.set(c.seminarId, [...(chaptersOf.get(c.seminarId) ?? []), c]);
  const seminarOfChapter = new Map(chapters.map((c) => [c.id, c.seminarId]));
  const testsOf = new Map<number, { id: number; chapterId: number }[]>();
  for (const t of tests) {
    const s = seminarOfChapter.get(t.chapterId)!;
    testsOf.set(s, [...(testsOf.get(s) ?? []), t]);
  }
  return {
    factOf: new Map(facts.map((f) => [f.id, f])),
    chaptersOf,
    testsOf,
    markSet: new Set(marks.map((m) => `${m.userId}/${m.chapterId}`)),
    videoOf: new Map(videos.map((v) => [`${v.userId}/${v.fileId}`, v])),
    passedOf: new Map(passed.map((p) => [`${p.userId}/${p.testId}`, !!p.confirmed])),
    completionOf: new Map<string, Stored>(completions.map((c) => [`${c.userId}/${c.seminarId}`, c])),
  };
}

/** one learner's chapters and videos in a seminar: done marks, the 90 % rule, coverage */
function chaptersOfLearner(f: Facts, userId: number, chs: ChapterFacts[]) {
  let watchedTotal = 0;
  let lengthTotal = 0;
  const videoDtos: SeminarProgressDetailDto['videos'] = [];
  const coverageOf = (fileId: number) => {
    const v = f.videoOf.get(`${userId}/${fileId}`);
    return v && v.duration > 0 ? Math.min(1, v.watched / v.duration) : 0;
  };
  const chapterDtos = chs.map((c) => {
    for (const fileId of c.videoIds) {
      const v = f.videoOf.get(`${userId}/${fileId}`);
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
      ? c.videoIds.length > 0 && c.videoIds.every((fileId) => coverageOf(fileId) >= VIDEO_DONE_SHARE)
      : f.markSet.has(`${userId}/${c.id}`);
    return { chapter_id: c.id, done, video_rule: c.videoRule };
  });
  // lengths known from the player; a video never played counts with its length unknown
  const videoCoverage = videoDtos.length ? (lengthTotal > 0 ? round2(watchedTotal / lengthTotal) : 0) : null;
  return { chapterDtos, videoDtos, videoCoverage };
}

/** one learner's progress in one seminar, from the facts */
function progressOf(f: Facts, userId: number, seminar: SeminarFacts): Omit<Computed, 'seminar'> {
  const key = `${userId}/${seminar.id}`;
  const chs = f.chaptersOf.get(seminar.id) ?? [];
  const ts = f.testsOf.get(seminar.id) ?? [];
  const { chapterDtos, videoDtos, videoCoverage } = chaptersOfLearner(f, userId, chs);
  const testDtos = ts.map((t) => {
    const p = f.passedOf.get(`${userId}/${t.id}`);
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
  const stored = f.completionOf.get(key);
  const summary: SeminarProgressDto = {
    seminar_id: seminar.id,
    chapters_total: chs.length,
    chapters_done: chaptersDone,
    tests_total: ts.length,
    tests_passed: testsPassed,
    percent: items ? Math.round(((chaptersDone + testsPassed) / items) * 100) : 0,
    video_coverage: videoCoverage,
    completed_at: stored ? iso(stored.completedAt) : null,
    certificate: stored ? certificateRef(stored) : null,
  };
  return {
    summary,
    detail: { ...summary, chapters: chapterDtos, tests: testDtos, videos: videoDtos },
    meetsRules,
    completed: !!stored,
  };
}

/**
 * progress of every user in every seminar (the pairs asked for): read-only, a completion shows as
 * stored (it is recorded by the writes that change the facts, use-cases/evaluate-completion.ts)
 */
export async function computeProgress(ctx: { db: DbOrTx }, pairs: Pair[]): Promise<Map<string, Computed>> {
  return computeOn(ctx.db, pairs);
}

/** computeProgress on a connection or a transaction (the completion's evaluation reads in its own) */
export async function computeOn(db: DbOrTx, pairs: Pair[]): Promise<Map<string, Computed>> {
  const out = new Map<string, Computed>();
  if (pairs.length === 0) return out;
  const facts = await loadFacts(db, pairs);
  for (const { userId, seminarId } of pairs) {
    const key = `${userId}/${seminarId}`;
    const seminar = facts.factOf.get(seminarId);
    if (!seminar || out.has(key)) continue;
    out.set(key, { ...progressOf(facts, userId, seminar), seminar });
  }
  return out;
}
