/** Authorization matrix rows of the item analysis (issue 17; see ../matrix-kit.ts). */

import { scoredRun } from '../item-analysis-fixtures.ts';
import { type Expect, ownerOnly, type Row } from '../matrix-kit.ts';
import { mcTestFixtures } from '../mc-test-fixtures.ts';

export const ITEM_ANALYSIS_ROWS: Row[] = [
  {
    method: 'GET',
    route: '/api/mc_tests/:id/item-analysis',
    prepare: async (w) => {
      const made = await mcTestFixtures(w.t.app).bookedTest(w.ids.trainer, [w.ids.student]);
      await scoredRun(w.t.app.database.db, made.test.id, w.ids.student, [true, false]);
      return { url: `/api/mc_tests/${made.test.id}/item-analysis?mode=exam` };
    },
    // the test's owner and admins; another trainer does not learn that the test exists
    expect: { ...ownerOnly(200), otherTrainer: 404 } satisfies Expect,
  },
];
