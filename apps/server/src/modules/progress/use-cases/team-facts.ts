import { activityOf } from '../progress.activity.ts';
import type { ProgressContext } from '../progress.context.ts';
import { computeProgress } from '../progress.read-model.ts';

/** what the company's team view shows of a learner in a seminar (issue 36 item 7) */
export interface TeamFacts {
  percent: number;
  completedAt: string | null;
  certificate: { code: string; revoked_at: string | null } | null;
  lastActivity: Date | null;
  bestResult: number | null;
}

/**
 * Progress (the read model: percent, completion, certificate), last activity and best test
 * result of learners in seminars, keyed `userId/seminarId`: the read model's statements plus one.
 */
export async function teamFacts(
  ctx: ProgressContext,
  pairs: { userId: number; seminarId: number }[],
): Promise<Map<string, TeamFacts>> {
  const [computed, activity] = await Promise.all([
    computeProgress(ctx, pairs),
    activityOf(ctx.db, [...new Set(pairs.map((p) => p.userId))], [...new Set(pairs.map((p) => p.seminarId))]),
  ]);
  const activityOfKey = new Map(activity.map((a) => [`${a.userId}/${a.seminarId}`, a]));
  const out = new Map<string, TeamFacts>();
  for (const [key, c] of computed) {
    const a = activityOfKey.get(key);
    out.set(key, {
      percent: c.summary.percent,
      completedAt: c.summary.completed_at,
      certificate: c.summary.certificate
        ? { code: c.summary.certificate.code, revoked_at: c.summary.certificate.revoked_at }
        : null,
      lastActivity: a?.lastActivity ?? null,
      bestResult: a?.bestResult ?? null,
    });
  }
  return out;
}
