import type { LearnDashboard } from '@elearn/shared';
import type { CacheBus } from '../../lib/cache-bus.ts';

/** how long a dashboard is kept at most: what changes without a write (drip dates, due states, jobs) */
export const DASHBOARD_TTL_MS = 10_000;
const MAX_ENTRIES = 10_000;
const ALL = 'learn.dashboards';

/**
 * The learners' dashboards, kept per user (issue 36: `GET /api/learn` reads a dozen statements;
 * docs/performance.md). Every successful write drops what it may change: a learner's own write
 * their dashboard on this instance at once; anyone else's write every dashboard. The other
 * instances drop all their dashboards, told once per turn of the event loop through the cache bus
 * (one topic, so that what this keeps stays bounded by `MAX_ENTRIES` whatever the number of users).
 * A dashboard computed while a write happened is not kept (a generation counter).
 */
export function dashboardCache(bus: CacheBus, now: () => number) {
  const entries = new Map<number, { at: number; json: string }>();
  let generation = 0;
  let announcing = false;
  const dropAll = () => {
    entries.clear();
    generation++;
  };
  bus.subscribe(ALL, dropAll);
  const announce = () => {
    announcing = false;
    bus.publish(ALL);
  };
  return {
    /** the user's dashboard as JSON (kept as sent: no serializing per request), computed by `load` unless kept */
    async get(userId: number, load: () => Promise<LearnDashboard>): Promise<string> {
      const kept = entries.get(userId);
      if (kept && now() - kept.at < DASHBOARD_TTL_MS) return kept.json;
      const before = generation;
      const at = now();
      const json = JSON.stringify(await load());
      if (generation === before) {
        if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value as number);
        entries.set(userId, { at, json });
      }
      return json;
    },
    /**
     * A write succeeded: the dashboard of `userId` changed, or (null) possibly everyone's. This
     * instance drops at once; the others are told once per turn of the event loop (the writes that
     * arrive together, such as 200 position saves, send one message), so that writes do not each
     * cost a NOTIFY.
     */
    changed(userId: number | null) {
      if (userId === null) {
        dropAll();
        bus.publish(ALL);
        return;
      }
      entries.delete(userId);
      generation++;
      if (!announcing) {
        announcing = true;
        setImmediate(announce);
      }
    },
  };
}
