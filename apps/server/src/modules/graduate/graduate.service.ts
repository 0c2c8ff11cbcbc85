import { randomInt } from 'node:crypto';
import {
  type ConfirmGraduationBody,
  encodeMessage,
  type Locale,
  type McTestMode,
  type McTestReport,
  type OwnerRow,
  type Paginated,
  type RunDto,
  type RunReview,
  type StartedRun,
  type StopResult,
  type StopTestBody,
  type StudentRow,
  scoreMcTestRun,
  type UserGraduateList,
} from '@elearn/shared';
import type { Db } from '../../db/client.ts';
import type { RunSnapshot, StoredChoice } from '../../db/schema/index.ts';
import { conflict, notFound, validation } from '../../errors.ts';
import { batched } from '../../lib/batch.ts';
import type { CacheBus } from '../../lib/cache-bus.ts';
import { TtlCache } from '../../lib/ttl-cache.ts';
import type { AuthUser } from '../../plugins/session.ts';
import { mcTestPolicy } from '../../policies/mc-test.policy.ts';
import { auditRepository } from '../audit/audit.repository.ts';
import type { McTestsService } from '../mc-tests/mc-tests.service.ts';
import { choicesOf, codingOf } from './answer-coding.ts';
import { buildExport, type ExportItemAnalysis } from './graduate.export.ts';
import { graduatePersonalData } from './graduate.personal-data.ts';
import {
  type OwnerRunRow,
  type RunRow,
  graduateRepository as repo,
  type StopValues,
} from './graduate.repository.ts';

const iso = (d: Date) => d.toISOString();

export type GraduateService = ReturnType<typeof createGraduateService>;

/** run snapshots by run id, at most `max` (the oldest kept goes first) */
function keptSnapshots(max: number) {
  const kept = new Map<number, RunSnapshot>();
  return {
    keep(runId: number, snapshot: RunSnapshot) {
      kept.set(runId, snapshot);
      if (kept.size > max) kept.delete(kept.keys().next().value as number);
    },
    get: (runId: number) => kept.get(runId),
    drop: (runId: number) => kept.delete(runId),
  };
}

/** Fisher–Yates with a CSPRNG: the order of answers tells nothing about which are correct. */
function shuffled<T>(list: readonly T[]): T[] {
  const out = [...list];
  for (let i = out.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/** per-question rightness of a finished run, without its answers (what a practice student sees) */
const reviewOf = (snapshot: Pick<RunSnapshot, 'questions'>, choices: StoredChoice[]): RunReview => {
  const right = new Map(choices.map((c) => [c.q, c.r]));
  return {
    questions: snapshot.questions.map((q) => ({ id: q.id, label: q.label, right: right.get(q.id) ?? false })),
  };
};

export function toOwnerRow(r: OwnerRunRow): OwnerRow {
  const finished = r.stoppedAt !== null;
  return {
    id: r.mcTestId,
    label: r.label,
    mode: r.mode as McTestMode,
    user_id: r.user.id,
    firstName: r.user.firstName,
    lastName: r.user.lastName,
    email: r.user.email,
    accomp: finished ? r.accomp : null,
    // the student was shown per-question rightness (a finished practice run); docs/decisions.md
    visible: finished && r.mode === 'practice' ? 1 : 0,
    achievedPercent: finished ? r.achievedPercent : null,
    result: finished && r.totalCount !== null ? { right: r.rightCount ?? 0, total: r.totalCount } : null,
    user_graduate_id: r.id,
    passed: (r.passed === 1 ? 1 : 0) as 0 | 1,
    startDateTime: iso(r.startedAt),
    stopDateTime: r.stoppedAt ? iso(r.stoppedAt) : null,
  };
}

/**
 * Test runs (start, stop and scoring with the shared rule on the snapshot taken at start),
 * the students' and owners' history, graduation and the spreadsheet export.
 */
export function createGraduateService(deps: {
  db: Db;
  mcTests: McTestsService;
  now?: () => number;
  /** tells the other instances when the history totals are dropped */
  cacheBus?: CacheBus;
  /** called after results were stored: their item rows are derived after the answer */
  scored?: () => void;
  /** the item analysis sheet of the export (item-analysis) */
  itemAnalysis: ExportItemAnalysis;
}) {
  const { db, mcTests } = deps;
  const now = deps.now ?? Date.now;
  // the stops of players that arrive together share the run look-up and the write (lib/batch.ts):
  // under load a batch waits while stops keep coming (until none came for 5 ms, at most 50 ms): a
  // stop is rare and heavy, a statement per stop or two is not (docs/decisions.md)
  const underLoad = { delayMs: 5, maxWaitMs: 50 };
  const runForStop = batched(
    (lookups: { runId: number; userId: number; withSnapshot: boolean }[]) => repo.runsForStop(db, lookups),
    100,
    underLoad,
  );
  const storeResult = batched(
    async (results: StopValues[]) => {
      const stored = await repo.stopMany(db, results);
      if (stored.some(Boolean)) deps.scored?.();
      return stored;
    },
    100,
    underLoad,
  );
  // the owner history's run counts for two seconds (counting every run of an owner is most of a
  // page's cost); a run started here or on another instance drops them; a deleted test's runs
  // may count up to two seconds longer (docs/decisions.md)
  const totals = new TtlCache<number>(
    2000,
    500,
    now,
    deps.cacheBus && { bus: deps.cacheBus, topic: 'graduate.history-totals' },
  );

  // the snapshots of the runs started here and still open, so that their stop need not read them
  // back (up to 17 KB each for 40 questions); a snapshot never changes once stored, so a kept one
  // cannot be stale; a stop on another instance, or after a restart, reads it (docs/decisions.md)
  const openSnapshots = keptSnapshots(500);

  const startedRun = (run: RunRow, testId: number, resumed: boolean): StartedRun => {
    const s = run.snapshot;
    return {
      user_graduate_id: run.id,
      resumed,
      started_at: iso(run.startedAt),
      mc_test: { id: testId, label: s.label, mode: s.mode, percent_to_accomplish: s.percentToAccomplish },
      // never the correct flags
      questions: s.questions.map((q) => ({
        id: q.id,
        label: q.label,
        points: q.points,
        answers: q.answers.map((a) => ({ id: a.id, question_id: q.id, label: a.label })),
      })),
    };
  };

  /** a test the caller manages (404 otherwise) */
  const managed = (actor: AuthUser, testId: number) => mcTests.requireManaged(actor, testId);

  return {
    /** a user's stopped runs over all tests (the admin area checks its own rights) */
    stoppedRunsOfUser: (userId: number) => repo.stoppedRunsOfUser(db, userId),

    /** what this module keeps about a person: the data export and the account erasure (issue 19) */
    personalData: graduatePersonalData(db),
    /**
     * Starts a run (201) or resumes the caller's open run of the test (200).
     * @throws 404, 403 (forbidden, mc_test.disabled, chapter.locked), 409 mc_test.empty / attempts_exhausted
     */
    async start(actor: AuthUser, testId: number): Promise<{ run: StartedRun; created: boolean }> {
      const { test, manage } = await mcTests.takeAccess(actor, testId);
      const open = await repo.openRun(db, test.id, actor.id);
      if (open) return { run: startedRun(open, test.id, true), created: false };
      const questions = await mcTests.questionsForRun(test.id);
      if (questions.length === 0) throw conflict('mc_test.empty', 'mc_test.empty');
      if (!manage && test.mode === 'exam') {
        const budget = await mcTests.runBudget(test.id, actor.id);
        const allowed = mcTestPolicy.runsAllowed(test.mode, budget.extraRuns);
        if (allowed !== null && budget.examRuns >= allowed) {
          // a concurrent start of the same user may have opened the run in the meantime
          const opened = await repo.openRun(db, test.id, actor.id);
          if (opened) return { run: startedRun(opened, test.id, true), created: false };
          throw conflict('mc_test.attempts_exhausted', 'mc_test.attempts_exhausted');
        }
      }
      const snapshot: RunSnapshot = {
        mode: test.mode as McTestMode,
        percentToAccomplish: test.percentToAccomplish,
        label: test.label,
        questions: questions.map((q) => ({
          id: q.question.id,
          label: q.question.label,
          points: q.question.points,
          answers: shuffled(q.answers).map((a) => ({ id: a.id, label: a.label, correct: a.correct })),
        })),
      };
      const run = await repo.insertRun(db, {
        mcTestId: test.id,
        userId: actor.id,
        mode: test.mode,
        snapshot,
        startedAt: new Date(now()),
      });
      if (run) {
        totals.clear();
        openSnapshots.keep(run.id, snapshot);
        return { run: startedRun(run, test.id, false), created: true };
      }
      // a concurrent start of the same user opened the run first
      const other = await repo.openRun(db, test.id, actor.id);
      if (!other) throw conflict();
      return { run: startedRun(other, test.id, true), created: false };
    },

    /**
     * Scores and stores a run once, on the snapshot taken at its start.
     * @throws 404 (not the caller's run, checked first), 409 mc_test.run_already_stopped,
     *   422 mc_test.answer_invalid, 403/404 when the test may no longer be taken
     */
    async stop(actor: AuthUser, body: StopTestBody['resultSet']): Promise<StopResult> {
      const kept = openSnapshots.get(body.userGraduateId);
      const found = await runForStop({ runId: body.userGraduateId, userId: actor.id, withSnapshot: !kept });
      if (!found || !mcTestPolicy.ownRun(actor, found.run)) throw notFound();
      const { run } = found;
      if (run.stoppedAt) {
        openSnapshots.drop(run.id);
        throw conflict('mc_test.run_already_stopped', 'mc_test.run_already_stopped');
      }
      mcTests.decide(actor, found.facts);
      const snapshot = kept ?? run.snapshot;
      if (!snapshot) throw new Error(`run ${run.id}: no snapshot`);
      const byId = new Map(snapshot.questions.map((q) => [q.id, q]));
      const chosen = new Map<number, Set<number>>();
      const invalid = () =>
        validation(
          { 'resultSet.questions': [encodeMessage('mc_test.answer_invalid')] },
          'mc_test.answer_invalid',
          'mc_test.answer_invalid',
        );
      for (const entry of body.questions) {
        const q = byId.get(entry.questionId);
        if (!q || chosen.has(q.id)) throw invalid();
        const picked = new Set(entry.answerIds);
        const known = new Set(q.answers.map((a) => a.id));
        if (picked.size !== entry.answerIds.length || entry.answerIds.some((id) => !known.has(id))) {
          throw invalid();
        }
        chosen.set(q.id, picked);
      }
      const score = scoreMcTestRun(snapshot.questions, chosen, snapshot.percentToAccomplish);
      const choices = choicesOf(snapshot, chosen, score.perQuestion);
      const at = new Date(now());
      const stored = await storeResult({
        runId: run.id,
        achievedPercent: score.achievedPercent,
        accomp: score.accomp,
        rightCount: score.perQuestion.filter((p) => p.correct).length,
        totalCount: score.perQuestion.length,
        at,
        choices,
      });
      openSnapshots.drop(run.id);
      if (!stored) throw conflict('mc_test.run_already_stopped', 'mc_test.run_already_stopped');
      return {
        user_graduate_id: run.id,
        mc_test_id: run.mcTestId,
        mode: snapshot.mode,
        percent_to_accomplish: snapshot.percentToAccomplish,
        achievedPercent: score.achievedPercent,
        accomp: score.accomp,
        startDateTime: iso(run.startedAt),
        stopDateTime: iso(at),
        // exam: the result says passed or not, never which questions were right
        result: snapshot.mode === 'practice' ? reviewOf(snapshot, choices) : null,
      };
    },

    async studentHistory(
      actor: AuthUser,
      q: { page: number; per_page: number },
    ): Promise<Paginated<StudentRow>> {
      const { rows, total } = await repo.studentPage(db, actor.id, q.per_page, (q.page - 1) * q.per_page);
      return {
        data: rows.map((r) => ({
          id: r.id,
          mc_test_id: r.mcTestId,
          label: r.label,
          percent: Number(r.percent),
          mode: r.mode as McTestMode,
          accomp: r.stoppedAt ? r.accomp : null,
          startDateTime: iso(r.startedAt),
          stopDateTime: r.stoppedAt ? iso(r.stoppedAt) : null,
          achievedPercent: r.stoppedAt ? r.achievedPercent : null,
          result:
            r.stoppedAt && r.mode === 'practice' && r.snapshot && r.choices
              ? reviewOf(r.snapshot, r.choices)
              : null,
          passed: (r.passed === 1 ? 1 : 0) as 0 | 1,
        })),
        current_page: q.page,
        last_page: Math.max(1, Math.ceil(total / q.per_page)),
        per_page: q.per_page,
        total,
      };
    },

    /** runs of the caller's tests (admins: all) in two queries whatever the page holds */
    async ownerHistory(
      actor: AuthUser,
      q: { page: number; per_page: number; mc_test_id?: number; q?: string },
    ): Promise<Paginated<OwnerRow>> {
      const { rows, total } = await repo.ownerPage(
        db,
        {
          ownerId: mcTestPolicy.managesEvery(actor) ? null : actor.id,
          testId: q.mc_test_id,
          q: q.q?.trim() || undefined,
          limit: q.per_page,
          offset: (q.page - 1) * q.per_page,
        },
        totals,
      );
      return {
        data: rows.map(toOwnerRow),
        current_page: q.page,
        last_page: Math.max(1, Math.ceil(total / q.per_page)),
        per_page: q.per_page,
        total,
      };
    },

    /**
     * Sets (or with passed 0 undoes) the graduation of an accomplished run; idempotent.
     * @throws 404 for runs of tests the caller does not manage, 409 mc_test.not_accomplished
     */
    async confirm(actor: AuthUser, body: ConfirmGraduationBody & { passed?: number }): Promise<OwnerRow> {
      const found = await repo.runWithTestOwner(db, body.userGraduateId);
      if (!found || !mcTestPolicy.manage(actor, { ownerId: found.ownerId })) throw notFound();
      const passed = body.passed === 0 ? 0 : 1;
      const { run } = found;
      if (passed === 1 && (!run.stoppedAt || !run.accomp)) {
        throw conflict('mc_test.not_accomplished', 'mc_test.not_accomplished');
      }
      if (run.passed !== passed) {
        // the change and its audit entry (docs/api/admin.md) in one transaction; a repeat writes neither
        const at = new Date(now());
        await db.transaction(async (tx) => {
          await repo.setPassed(tx, run.id, passed, actor.id, at);
          await auditRepository.record(
            tx,
            {
              actor: { id: actor.id, username: actor.username },
              action: passed ? 'graduation.confirmed' : 'graduation.unconfirmed',
              targetType: 'graduation',
              targetId: run.id,
              targetLabel: `${found.label}: ${found.user.firstName} ${found.user.lastName}`.trim(),
              before: { passed: run.passed },
              after: { passed },
            },
            at,
          );
        });
      }
      const row = await repo.ownerRowById(db, run.id);
      if (!row) throw notFound();
      return toOwnerRow(row);
    },

    async userGraduate(actor: AuthUser, testId: number, withResults: boolean): Promise<UserGraduateList> {
      await managed(actor, testId);
      const [item, runs, results] = await Promise.all([
        mcTests.item(testId),
        repo.runsOfTest(db, testId),
        withResults ? repo.resultsOfTest(db, testId) : Promise.resolve([]),
      ]);
      return {
        ...item,
        user_graduate_mctests: runs.map(
          (r): RunDto => ({
            id: r.run.id,
            mc_test_id: r.run.mcTestId,
            passed: (r.run.passed === 1 ? 1 : 0) as 0 | 1,
            user: {
              id: r.user.id,
              first_name: r.user.firstName,
              last_name: r.user.lastName,
              email: r.user.email,
            },
            mode: r.run.mode as McTestMode,
            started_at: iso(r.run.startedAt),
            stopped_at: r.run.stoppedAt ? iso(r.run.stoppedAt) : null,
            achieved_percent: r.run.stoppedAt ? r.run.achievedPercent : null,
            accomp: r.run.stoppedAt ? r.run.accomp : null,
            visible: r.run.stoppedAt && r.run.mode === 'practice' ? 1 : 0,
            confirmed_at: r.run.confirmedAt ? iso(r.run.confirmedAt) : null,
            confirmed_by: r.confirmer
              ? { id: r.confirmer.id, first_name: r.confirmer.firstName, last_name: r.confirmer.lastName }
              : null,
          }),
        ),
        user_graduate_results: results.map((r) => ({
          id: r.id,
          user_graduate_mctest_id: r.userGraduateMctestId,
          answer_coding: codingOf(r.snapshot, r.choices),
          created_at: iso(r.createdAt),
        })),
      };
    },

    async report(actor: AuthUser, testId: number): Promise<McTestReport> {
      await managed(actor, testId);
      const [item, runs, stats] = await Promise.all([
        mcTests.item(testId),
        repo.runsOfTest(db, testId),
        repo.questionStats(db, testId),
      ]);
      const finished = runs.filter((r) => r.run.stoppedAt !== null);
      const accomplished = finished.filter((r) => r.run.accomp).length;
      const distribution = Array.from({ length: 11 }, () => 0);
      let sum = 0;
      for (const r of finished) {
        const p = r.run.achievedPercent ?? 0;
        sum += p;
        const bucket = p >= 100 ? 10 : Math.max(0, Math.floor(p / 10));
        distribution[bucket] = (distribution[bucket] ?? 0) + 1;
      }
      const round2 = (v: number) => Math.round(v * 100) / 100;
      return {
        mc_test: item,
        runs: runs.length,
        finished: finished.length,
        accomplished,
        pass_rate: finished.length ? round2((accomplished / finished.length) * 100) : 0,
        average_percent: finished.length ? round2(sum / finished.length) : null,
        distribution,
        questions: stats.map((s) => ({
          question_id: s.questionId,
          label: s.label,
          answered: s.answered,
          right: s.right,
          rate: s.answered ? round2((s.right / s.answered) * 100) : 0,
        })),
      };
    },

    /** the .xlsx of a test's runs, per-question correct rates and item analysis */
    async export(actor: AuthUser, testId: number, locale: Locale) {
      const test = await managed(actor, testId);
      const [runs, stats, items] = await Promise.all([
        repo.runsOfTest(db, testId),
        repo.questionStats(db, testId),
        deps.itemAnalysis.questions(test),
      ]);
      return buildExport({
        label: test.label,
        runs,
        stats,
        items,
        addItemSheet: deps.itemAnalysis.addSheet,
        locale,
        at: new Date(now()),
      });
    },
  };
}
