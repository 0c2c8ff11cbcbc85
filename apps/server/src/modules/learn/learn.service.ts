import type { SeminarVisitBody } from '@elearn/shared';
import type { AuthUser } from '../../plugins/session.ts';
import { learnPolicy } from '../../policies/learn.policy.ts';
import { dashboardCache } from './learn.cache.ts';
import { createLearnContext, type LearnDeps } from './learn.context.ts';
import { learnPersonalData } from './learn.personal-data.ts';
import { dashboard } from './use-cases/dashboard.ts';
import { recordVisit } from './use-cases/record-visit.ts';

export type LearnService = ReturnType<typeof createLearnService>;
export type { LearnDeps } from './learn.context.ts';

/**
 * The learner's path (issue 36 items 1 and 2): "Mein Lernen", composed of the enrolments,
 * seminars, progress and tests services, and the chapter each learner opened last per seminar
 * (its own table, `seminar_visits`), the target of "Fortsetzen".
 */
export function createLearnService(deps: LearnDeps) {
  const ctx = createLearnContext(deps);
  const kept = dashboardCache(deps.cacheBus, ctx.now);
  return {
    /** what this module keeps about a person: the data export and the account erasure */
    personalData: learnPersonalData(ctx.db),
    dashboard: (actor: AuthUser) => kept.get(actor.id, () => dashboard(ctx, actor)),
    /** a write of `caller` succeeded: the dashboards it may have changed are dropped (every instance) */
    writeSucceeded: (caller: AuthUser | null) => kept.changed(learnPolicy.dashboardChangedBy(caller)),
    visit: (actor: AuthUser, seminarId: number, body: SeminarVisitBody) =>
      recordVisit(ctx, actor, seminarId, body),
  };
}
