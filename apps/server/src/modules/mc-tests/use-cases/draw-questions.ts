import { randomInt } from 'node:crypto';
import {
  type DrawCandidate,
  type DrawRule,
  type DrawShortfall,
  drawQuestions,
  drawShortfall,
  encodeMessage,
  inCategory,
  type QuestionSelection,
  seededRandom,
} from '@elearn/shared';
import { AppError, conflict, validation } from '../../../errors.ts';
import type { QuestionWithAnswers } from '../../questions/questions.read-model.ts';
import type { McTestsContext } from '../mc-tests.context.ts';
import type { McTestRow } from '../mc-tests.repository.ts';
import { mcTestsRepository as repo } from '../mc-tests.repository.ts';
import { mcTestsDrawRepository as drawRepo } from '../mc-tests-draw.repository.ts';

/*
 * Drawn tests (issue 37 item 3): the rules are checked against the owner's pool when the test is
 * enabled or saved enabled, and drawn afresh at each run's start (docs/decisions/tests.md).
 */

const shortfallParams = (s: DrawShortfall) => ({
  category: s.category,
  needed: s.needed,
  available: s.available,
});

/** the draw settings of a test as stored, from a create or update body (absent: unchanged) */
export function drawValues(body: {
  question_selection?: QuestionSelection;
  draw_rules?: DrawRule[];
  shuffle_questions?: boolean;
}): Partial<Pick<McTestRow, 'questionSelection' | 'drawRules' | 'shuffleQuestions'>> {
  return {
    ...(body.question_selection !== undefined && { questionSelection: body.question_selection }),
    ...(body.draw_rules !== undefined && { drawRules: body.draw_rules }),
    ...(body.shuffle_questions !== undefined && { shuffleQuestions: body.shuffle_questions }),
  };
}

/**
 * An enabled drawn test must have rules its owner's pool can satisfy.
 * @throws 422 mc_test.draw_no_rules / mc_test.draw_unsatisfiable (field `draw_rules`)
 */
export async function requireDrawable(
  ctx: McTestsContext,
  test: Pick<McTestRow, 'ownerId' | 'enabled' | 'questionSelection' | 'drawRules'>,
): Promise<void> {
  if (test.enabled !== 1 || test.questionSelection !== 'drawn') return;
  const rules = test.drawRules;
  if (rules.length === 0) {
    throw validation(
      { draw_rules: [encodeMessage('mc_test.draw_no_rules')] },
      'mc_test.draw_no_rules',
      'mc_test.draw_no_rules',
    );
  }
  const counts = await drawRepo.categoryCounts(ctx.db, test.ownerId);
  const shortfall = drawShortfall(rules, (category) =>
    counts.reduce((n, c) => n + (inCategory(c.category, category) ? c.n : 0), 0),
  );
  if (shortfall) {
    const params = shortfallParams(shortfall);
    throw new AppError(422, 'mc_test.draw_unsatisfiable', 'mc_test.draw_unsatisfiable', params, {
      draw_rules: [encodeMessage('mc_test.draw_unsatisfiable', params)],
    });
  }
}

/**
 * The questions of a new run with their answers, in the order the run asks them: a fixed test's
 * linked questions, or a fresh draw by a drawn test's rules; shuffled when the test says so.
 * @throws 409 mc_test.draw_unsatisfiable when the pool no longer satisfies the rules
 */
export async function questionsForRun(
  ctx: McTestsContext,
  test: Pick<McTestRow, 'id' | 'ownerId' | 'questionSelection' | 'drawRules' | 'shuffleQuestions'>,
  seed: number = randomInt(2 ** 32 - 1),
): Promise<QuestionWithAnswers[]> {
  if (test.questionSelection !== 'drawn') {
    const linked = await repo.questionsOf(ctx.db, test.id);
    if (!test.shuffleQuestions) return linked;
    const random = seededRandom(seed);
    for (let i = linked.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [linked[i], linked[j]] = [linked[j] as QuestionWithAnswers, linked[i] as QuestionWithAnswers];
    }
    return linked;
  }
  if (test.drawRules.length === 0) return [];
  return (await drawn(ctx, test, seed, false)) ?? (await drawn(ctx, test, seed, true)) ?? [];
}

/**
 * The owner's pool: kept (ctx.drawPools; starts that arrive together share one read), or read
 * afresh. A kept pool may miss a question added since (it is not drawn yet) or still hold one
 * changed or deleted since: a draw from a kept pool is checked against the questions read for the
 * run and drawn again from a fresh pool when one of them is gone or in another category.
 */
function poolOf(ctx: McTestsContext, ownerId: number, fresh: boolean): Promise<DrawCandidate[]> {
  const read = () => drawRepo.candidates(ctx.db, ownerId);
  return fresh ? read() : ctx.drawPools.get(String(ownerId), read);
}

/** a draw with its questions and answers; null when a kept pool turned out stale (not `fresh`) */
async function drawn(
  ctx: McTestsContext,
  test: Pick<McTestRow, 'ownerId' | 'drawRules' | 'shuffleQuestions'>,
  seed: number,
  fresh: boolean,
): Promise<QuestionWithAnswers[] | null> {
  const pool = await poolOf(ctx, test.ownerId, fresh);
  const draw = drawQuestions(pool, test.drawRules, { seed, shuffle: test.shuffleQuestions });
  if (!draw.ok) {
    if (!fresh) return null;
    throw new AppError(
      409,
      'mc_test.draw_unsatisfiable',
      'mc_test.draw_unsatisfiable',
      shortfallParams(draw),
    );
  }
  const byId = new Map(
    (
      await drawRepo.withAnswers(
        ctx.db,
        draw.questions.map((q) => q.id),
      )
    ).map((q) => [q.question.id, q]),
  );
  // every drawn question still there and in the category it was drawn for
  if (draw.questions.some((q) => byId.get(q.id)?.question.category !== q.category)) {
    // a question changed between the two reads of a fresh pool (rare): the start may be tried again
    if (fresh) throw conflict();
    return null;
  }
  return draw.questions.map((q) => byId.get(q.id) as QuestionWithAnswers);
}
