import { historyRepository } from './graduate-history.repository.ts';
import { resultsRepository } from './graduate-results.repository.ts';
import { reviewRepository } from './graduate-review.repository.ts';
import { runsRepository } from './graduate-runs.repository.ts';

export type { OwnerRunRow } from './graduate-history.repository.ts';
export type { ResultRow, RunForStop, RunRow, StopValues } from './graduate-runs.repository.ts';

/**
 * The only place that builds queries on runs and results: runs started and stopped
 * (graduate-runs.repository.ts), the history pages (graduate-history.repository.ts), graduation
 * and a test's runs, results and statistics (graduate-results.repository.ts), and what the
 * learners' reviews depend on (graduate-review.repository.ts).
 */
export const graduateRepository = {
  ...runsRepository,
  ...historyRepository,
  ...resultsRepository,
  ...reviewRepository,
};
