import { type DrawCandidate, encodeMessage, QUESTIONS_PER_TEST_MAX } from '@elearn/shared';
import type { Db } from '../../db/client.ts';
import { validation } from '../../errors.ts';
import type { TtlCache } from '../../lib/ttl-cache.ts';
import type { SeminarsService } from '../seminars/seminars.service.ts';

/** what the mc-tests module is built from (wired in app.ts) */
export interface McTestsDeps {
  db: Db;
  seminars: SeminarsService;
  /** the server's clock (tests move it; default Date.now) */
  now?: () => number;
}

/** what every use case of the module gets */
export type McTestsContext = McTestsDeps & {
  now: () => number;
  /**
   * the owners' pools (id, category) of drawn tests, kept 5 s: 500 starts of one exam read the
   * pool once (docs/decisions/tests.md; a draw from a kept pool is checked, so no bus is needed)
   */
  drawPools: TtlCache<DrawCandidate[]>;
};

/** @returns the 422 of a test that would hold more than QUESTIONS_PER_TEST_MAX questions */
export const tooManyQuestions = () =>
  validation(
    { questions: [encodeMessage('mc_test.too_many_questions', { max: QUESTIONS_PER_TEST_MAX })] },
    'mc_test.too_many_questions',
    'mc_test.too_many_questions',
  );
