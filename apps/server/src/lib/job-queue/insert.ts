import type PgBoss from 'pg-boss';

/**
 * Jobs of one kind with one statement (pg-boss `insert`; the kind's retry policy applies as with
 * `send`): what many requests arriving together queue at once (the payment webhook's burst).
 * `known`: the kind was defined in this instance; else its queue is looked up first.
 * @throws for a kind that was never defined (pg-boss would insert nothing for it: jobs lost)
 */
export async function insertJobs(
  boss: PgBoss,
  kind: string,
  payloads: object[],
  known: boolean,
): Promise<void> {
  if (!payloads.length) return;
  if (!known && !(await boss.getQueue(kind))) {
    throw new Error(`job kind ${kind} is not defined: define it before enqueuing`);
  }
  await boss.insert(payloads.map((data) => ({ name: kind, data })));
}
