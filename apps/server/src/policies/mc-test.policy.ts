import { type ReviewLevel, reviewLevel, reviewPolicyOf } from '@elearn/shared';
import type { AuthUser } from '../plugins/session.ts';
import { type SeminarFacts, seminarPolicy } from './seminar.policy.ts';

type Actor = Pick<AuthUser, 'id' | 'scopes' | 'companies'> | null;

const isAdmin = (a: Actor) => !!a && a.scopes.includes('admin');

/** What the take rule needs to know about a test and where it sits (loaded by the service). */
export interface TakeFacts {
  ownerId: number;
  enabled: number;
  /** null when the test is on no chapter */
  chapter: {
    unlocked: number;
    /** the parent chapter's flag for a sub-chapter, else null */
    parentUnlocked: number | null;
    seminar: SeminarFacts;
    /** the actor holds an active booking of the seminar */
    booked: boolean;
  } | null;
}

/** What decides how much of a finished run its learner may see (loaded with the run). */
export interface ReviewFacts {
  /** the run's mode */
  mode: string;
  /** the test's review policy as set (null: the mode's default) */
  reviewContent: string | null;
  reviewWhen: string | null;
  closesAt: Date | null;
  /** the learner has an accomplished run of the test (this one included) */
  accomplished: boolean;
}

/** Why a take is refused; the service maps it to the error of docs/api/mc-tests.md. */
export type TakeDecision = 'ok' | 'not_found' | 'forbidden' | 'disabled' | 'locked';

/**
 * Rules of the question pool, tests and runs as pure functions (STYLE section 4). Owners are the
 * author and every admin. Who may take a test is decided here only: the test is enabled, sits on
 * an unlocked chapter (and unlocked parent) of a seminar the actor may play (the seminar policy:
 * booked; companies extend it there). Managers may always start their own tests (preview).
 */
export const mcTestPolicy = {
  /** trainers and admins write questions and tests */
  author: (a: Actor) => !!a && (isAdmin(a) || a.scopes.includes('trainer')),
  /** edit, delete, see runs, confirm, export */
  manage: (a: Actor, r: { ownerId: number }) => !!a && (isAdmin(a) || r.ownerId === a.id),
  /** the part of `manage` that needs no test: admins see every test's runs (the owner history) */
  managesEvery: (a: Actor) => isAdmin(a),
  take(a: Actor, t: TakeFacts): TakeDecision {
    if (!a) return 'not_found';
    if (mcTestPolicy.manage(a, t)) return 'ok';
    const c = t.chapter;
    if (!c || !seminarPolicy.view(a, c.seminar, c.booked)) return 'not_found';
    if (!seminarPolicy.play(a, c.seminar, c.booked)) return 'forbidden';
    if (t.enabled !== 1) return 'disabled';
    if (c.unlocked !== 1 || (c.parentUnlocked !== null && c.parentUnlocked !== 1)) return 'locked';
    return 'ok';
  },
  /**
   * How much of a finished run its learner may see at `now` (issue 37 item 5): nothing beyond the
   * score, per question right or wrong, or everything; the test's review policy (or its mode's
   * default) at its moment (packages/shared `reviewLevel`). The one rule behind the learner's
   * result and history and the owner's `visible` flag.
   */
  review: (run: ReviewFacts, now: number): ReviewLevel =>
    reviewLevel(
      reviewPolicyOf(run.mode === 'practice' ? 'practice' : 'exam', run.reviewContent, run.reviewWhen),
      {
        accomplished: run.accomplished,
        closesAt: run.closesAt,
        now: new Date(now),
      },
    ),
  /** a run is seen and submitted only by the user who started it */
  ownRun: (a: Actor, run: { userId: number }) => !!a && run.userId === a.id,
  /** exam runs a user may start: one, plus the granted ones; practice: unlimited (null) */
  runsAllowed: (mode: string, extraRuns: number): number | null => (mode === 'exam' ? 1 + extraRuns : null),
};
