/** Query keys of the learn feature ("Mein Lernen", issue 36). Contract: docs/api/learn.md. */
export const learnKeys = {
  // under `progress`: every change of progress (done marks, videos, tests) refreshes the dashboard
  dashboard: ['progress', 'learn'] as const,
};
