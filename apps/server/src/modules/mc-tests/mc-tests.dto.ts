import {
  type AssignedTestDto,
  type ChapterRef,
  drawTotal,
  type McTestListItem,
  type McTestMode,
  type QuestionSelection,
  reviewPolicyOf,
  windowState,
} from '@elearn/shared';
import { mcTestPolicy } from '../../policies/mc-test.policy.ts';
import type { ChapterRefRow, McTestItemRow, SeminarRefRow, StudentTestRow } from './mc-tests.rows.ts';

const iso = (d: Date) => d.toISOString();

const chapterRef = (c: ChapterRefRow | null, s: SeminarRefRow | null): ChapterRef | null =>
  c && s
    ? { id: c.id, label: c.label, chapter_id: c.chapterId, unlocked: c.unlocked as 0 | 1, seminar: s }
    : null;

/** the questions a run asks: the linked ones, or what a drawn test's rules draw (issue 37 item 3) */
const runQuestions = (t: McTestItemRow['test'], linked: number): number =>
  t.questionSelection === 'drawn' ? drawTotal(t.drawRules) : linked;

export function toListItem(r: McTestItemRow): McTestListItem {
  const t = r.test;
  return {
    id: t.id,
    label: t.label,
    percent_to_accomplish: t.percentToAccomplish,
    mode: t.mode as McTestMode,
    enabled: t.enabled as 0 | 1,
    chapter_id: t.chapterId,
    chapter: chapterRef(r.chapter, r.seminar),
    time_limit_minutes: t.timeLimitMinutes,
    question_selection: t.questionSelection as QuestionSelection,
    draw_rules: t.drawRules,
    shuffle_questions: t.shuffleQuestions,
    opens_at: t.opensAt ? iso(t.opensAt) : null,
    closes_at: t.closesAt ? iso(t.closesAt) : null,
    review_content: t.reviewContent as McTestListItem['review_content'],
    review_when: t.reviewWhen as McTestListItem['review_when'],
    owner: {
      id: r.owner.id,
      username: r.owner.username,
      first_name: r.owner.firstName,
      last_name: r.owner.lastName,
    },
    questions_count: runQuestions(t, r.questionsCount),
    runs_count: r.runsCount,
    created_at: iso(t.createdAt),
    updated_at: iso(t.updatedAt),
  };
}

/** a test as a learner sees it in a list: with the learner's runs (`manage`: no run limit) */
export function studentDto(r: StudentTestRow, manage: boolean, now: number): AssignedTestDto {
  const t = r.test;
  const mode = t.mode as McTestMode;
  const allowed = manage ? null : mcTestPolicy.runsAllowed(mode, r.extraRuns);
  const used = mode === 'exam' ? r.examRuns : r.allRuns;
  const window = windowState(t.opensAt, t.closesAt, new Date(now));
  return {
    id: t.id,
    label: t.label,
    percent_to_accomplish: t.percentToAccomplish,
    mode,
    enabled: t.enabled as 0 | 1,
    chapter_id: t.chapterId,
    chapter: chapterRef(r.chapter, r.seminar),
    time_limit_minutes: t.timeLimitMinutes,
    opens_at: t.opensAt ? iso(t.opensAt) : null,
    closes_at: t.closesAt ? iso(t.closesAt) : null,
    window,
    review: reviewPolicyOf(mode, t.reviewContent, t.reviewWhen),
    questions_count: runQuestions(t, r.questionsCount),
    runs_used: used,
    runs_allowed: allowed,
    open_run_id: r.openRunId,
    can_start:
      runQuestions(t, r.questionsCount) > 0 &&
      // outside the window only an open run goes on (to its end); a manager may always preview
      (r.openRunId !== null || ((manage || window === 'open') && (allowed === null || r.examRuns < allowed))),
    accomp: !!r.accomp,
    best_percent: r.bestPercent === null ? null : Number(r.bestPercent),
    passed: (Number(r.passed) === 1 ? 1 : 0) as 0 | 1,
  };
}
