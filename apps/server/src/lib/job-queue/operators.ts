import type { SqlExecutor } from './executor.ts';

/** pg-boss's own queues (the schedules' `__pgboss__send-it`) are not the product's kinds */
const OWN_KINDS = `name NOT LIKE '\\_\\_pgboss\\_\\_%'`;

/** a job in the dead-letter state, as operators see it: no payload (it may hold personal data) */
export interface FailedJob {
  id: string;
  kind: string;
  /** the message of the last error (the handler's, or the expiry's) */
  lastError: string;
  /** how many times it ran */
  attempts: number;
  createdAt: string;
  failedAt: string;
}

export interface KindStats {
  kind: string;
  /** waiting to run (new, or retrying after a failure), due or not yet */
  queued: number;
  active: number;
  /** in the dead-letter state */
  failed: number;
  /** seconds since the oldest due job of the kind was enqueued (0: none waiting) */
  oldestWaitingSeconds: number;
}

const iso = (value: unknown) => new Date(String(value)).toISOString();

/** the failed jobs, the latest failure first (default: the first 500) */
export async function listFailed(
  db: SqlExecutor,
  kind?: string,
  page: { limit: number; offset: number } = { limit: 500, offset: 0 },
): Promise<FailedJob[]> {
  const { rows } = await db.executeSql(
    `SELECT id, name, output, retry_count, created_on::text AS created_on, completed_on::text AS completed_on
       FROM pgboss.job
      WHERE state = 'failed' AND ${OWN_KINDS} AND ($1::text IS NULL OR name = $1)
      ORDER BY completed_on DESC, id
      LIMIT $2 OFFSET $3`,
    [kind ?? null, page.limit, page.offset],
  );
  return rows.map((row) => ({
    id: String(row.id),
    kind: String(row.name),
    lastError: errorMessage(row.output),
    attempts: Number(row.retry_count) + 1,
    createdAt: iso(row.created_on),
    failedAt: iso(row.completed_on),
  }));
}

/** the message pg-boss recorded (a serialized Error, or `{ value: ... }` for a thrown non-Error) */
function errorMessage(output: unknown): string {
  const value = typeof output === 'string' ? safeParse(output) : output;
  if (!value || typeof value !== 'object') return String(value ?? '');
  const o = value as { message?: unknown; value?: unknown };
  if (typeof o.message === 'string') return o.message;
  if (
    o.value &&
    typeof o.value === 'object' &&
    typeof (o.value as { message?: unknown }).message === 'string'
  ) {
    return (o.value as { message: string }).message;
  }
  return JSON.stringify(o.value ?? o).slice(0, 500);
}

function safeParse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

export async function countFailed(db: SqlExecutor, kind?: string): Promise<number> {
  const { rows } = await db.executeSql(
    `SELECT count(*) AS n FROM pgboss.job
      WHERE state = 'failed' AND ${OWN_KINDS} AND ($1::text IS NULL OR name = $1)`,
    [kind ?? null],
  );
  return Number(rows[0]?.n ?? 0);
}

/** the kind of a job in the dead-letter state, null when there is none with this id */
export async function failedKindOf(db: SqlExecutor, id: string): Promise<string | null> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return null;
  const { rows } = await db.executeSql(`SELECT name FROM pgboss.job WHERE id = $1 AND state = 'failed'`, [
    id,
  ]);
  return rows.length ? String(rows[0]?.name) : null;
}

export async function kindStats(db: SqlExecutor): Promise<KindStats[]> {
  const { rows } = await db.executeSql(
    `SELECT name,
            count(*) FILTER (WHERE state < 'active') AS queued,
            count(*) FILTER (WHERE state = 'active') AS active,
            count(*) FILTER (WHERE state = 'failed') AS failed,
            COALESCE(EXTRACT(epoch FROM now() - min(created_on)
              FILTER (WHERE state < 'active' AND start_after <= now())), 0)::float8 AS oldest
       FROM pgboss.job
      WHERE ${OWN_KINDS}
      GROUP BY name
      ORDER BY name`,
    [],
  );
  return rows.map((row) => ({
    kind: String(row.name),
    queued: Number(row.queued),
    active: Number(row.active),
    failed: Number(row.failed),
    oldestWaitingSeconds: Math.round(Number(row.oldest)),
  }));
}

/** jobs of the product's kinds that are due now or running */
export async function dueCount(db: SqlExecutor): Promise<number> {
  const { rows } = await db.executeSql(
    `SELECT count(*) AS n FROM pgboss.job
      WHERE ${OWN_KINDS} AND (state = 'active' OR (state < 'active' AND start_after <= now()))`,
    [],
  );
  return Number(rows[0]?.n ?? 0);
}
