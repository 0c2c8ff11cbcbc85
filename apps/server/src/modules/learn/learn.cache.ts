import type { LearnDashboard } from '@elearn/shared';
import type { CacheBus } from '../../lib/cache-bus.ts';

/** how long a dashboard is kept at most: what changes without a write (drip dates, due states, jobs) */
export const DASHBOARD_TTL_MS = 10_000;
const MAX_ENTRIES = 10_000;
const ALL = 'learn.dashboards';
const topicOf = (userId: number) => `learn.dashboard.${userId}`;

/**
 * The learners' dashboards, kept per user (issue 36: `GET /api/learn` reads a dozen statements;
 * docs/performance.md). Every successful write drops what it may change, on every instance through
 * the cache bus: a learner's write their own dashboard, anyone else's write all of them. A
 * dashboard computed while a write dropped it is not kept (generations).
 */
export function dashboardCache(bus: CacheBus, now: () => number) {
  const entries = new Map<number, { at: number; json: string }>();
  const generationOf = new Map<number, number>();
  const subscribed = new Set<number>();
  let generation = 0;
  const dropUser = (userId: number) => {
    entries.delete(userId);
    generationOf.set(userId, (generationOf.get(userId) ?? 0) + 1);
  };
  const dropAll = () => {
    entries.clear();
    generation++;
  };
  bus.subscribe(ALL, dropAll);
  const pending = new Set<number>();
  const announce = () => {
    const users = [...pending];
    pending.clear();
    if (users.length === 1) bus.publish(topicOf(users[0]!));
    else if (users.length > 1) bus.publish(ALL);
  };
  const stamp = (userId: number) => `${generation}/${generationOf.get(userId) ?? 0}`;
  return {
    /** the user's dashboard as JSON (kept as sent: no serializing per request), computed by `load` unless kept */
    async get(userId: number, load: () => Promise<LearnDashboard>): Promise<string> {
      const kept = entries.get(userId);
      if (kept && now() - kept.at < DASHBOARD_TTL_MS) return kept.json;
      const before = stamp(userId);
      const at = now();
      const json = JSON.stringify(await load());
      if (stamp(userId) === before) {
        if (!subscribed.has(userId)) {
          subscribed.add(userId);
          bus.subscribe(topicOf(userId), () => dropUser(userId));
        }
        if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value as number);
        entries.set(userId, { at, json });
      }
      return json;
    },
    /**
     * A write succeeded: the dashboard of `userId` changed, or (null) possibly everyone's. This
     * instance drops at once; the others are told once per turn of the event loop (the writes that
     * arrive together, such as 200 position saves, send one message: a learner's topic for one
     * learner, every dashboard for several), so that writes do not each cost a NOTIFY.
     */
    changed(userId: number | null) {
      if (userId === null) {
        dropAll();
        bus.publish(ALL);
        return;
      }
      dropUser(userId);
      if (pending.size === 0) setImmediate(announce);
      pending.add(userId);
    },
  };
}
