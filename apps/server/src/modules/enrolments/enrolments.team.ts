import type { TeamState } from '@elearn/shared';
import { DUE_SOON_DAYS } from '@elearn/shared';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { enrolments, seminarCompletions, seminars, users } from '../../db/schema/index.ts';

/**
 * A company's assignments as its team view lists them (issue 36 item 7) and their due dates
 * (item 5), queried here because the grants are this module's. One row per employee and seminar
 * (a company books a seminar once, so its grant of a seminar to a person is one row). Sorted by
 * name, then seminar (`TeamKey`, unique), paged by keyset: a page is the same index-backed scan
 * and top-N sort wherever it is, the last page included (docs/decisions/companies.md).
 */

/** the sort key of a row: last name, first name, user id, seminar title, seminar id */
export type TeamKey = [string, string, number, string, number];

export interface TeamFilter {
  seminarId?: number;
  state?: TeamState;
  /** part of the first name, last name, full name or e-mail (case-insensitive) */
  q?: string;
}

export interface TeamEntryRow {
  enrolmentId: number;
  userId: number;
  firstName: string;
  lastName: string;
  email: string;
  seminarId: number;
  seminarTitle: string;
  seminarSlug: string;
  dueAt: Date | null;
  completedAt: Date | null;
}

const DAY_MS = 86_400_000;
const like = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** the SQL condition of a state at `now` (the same rule as `dueState` of packages/shared) */
function stateWhere(state: TeamState, now: Date): SQL {
  const done = sql`${seminarCompletions.userId} is not null`;
  const open = sql`${seminarCompletions.userId} is null`;
  const soon = new Date(now.getTime() + DUE_SOON_DAYS * DAY_MS);
  switch (state) {
    case 'done':
      return done;
    case 'none':
      return sql`${open} and ${enrolments.dueAt} is null`;
    case 'overdue':
      return sql`${open} and ${enrolments.dueAt} <= ${now.toISOString()}::timestamptz`;
    case 'due_soon':
      return sql`${open} and ${enrolments.dueAt} > ${now.toISOString()}::timestamptz and ${enrolments.dueAt} <= ${soon.toISOString()}::timestamptz`;
    case 'due':
      return sql`${open} and ${enrolments.dueAt} > ${soon.toISOString()}::timestamptz`;
  }
}

function filterWhere(companyId: number, f: TeamFilter, now: Date) {
  const q = f.q?.trim();
  return and(
    eq(enrolments.companyId, companyId),
    eq(enrolments.source, 'company'),
    f.seminarId ? eq(enrolments.seminarId, f.seminarId) : undefined,
    f.state ? stateWhere(f.state, now) : undefined,
    q
      ? sql`(${users.firstName} ilike ${like(q)} or ${users.lastName} ilike ${like(q)} or ${users.email} ilike ${like(q)} or (${users.firstName} || ' ' || ${users.lastName}) ilike ${like(q)})`
      : undefined,
  );
}

const sortKey = sql`(${users.lastName}, ${users.firstName}, ${users.id}, ${seminars.title}, ${enrolments.seminarId})`;
const keyValue = (k: TeamKey) =>
  sql`(${k[0]}::text, ${k[1]}::text, ${k[2]}::int, ${k[3]}::text, ${k[4]}::int)`;
/** the rows beyond a key: the user part alone (an index condition on users_name_idx) and the whole key */
function beyond(key: TeamKey, backwards: boolean) {
  const userPart = sql`(${users.lastName}, ${users.firstName}, ${users.id})`;
  const userKey = sql`(${key[0]}::text, ${key[1]}::text, ${key[2]}::int)`;
  return backwards
    ? sql`${userPart} <= ${userKey} and ${sortKey} < ${keyValue(key)}`
    : sql`${userPart} >= ${userKey} and ${sortKey} > ${keyValue(key)}`;
}

/**
 * One page of a company's assignments in name order: after `after`, or (with `before`) the
 * `limit` rows before it, or (`last`) the last `limit` rows, still in name order. `limit + 1`
 * rows are read to know whether more follow. The plan walks users in name order
 * (users_name_idx, forwards or backwards) and looks up each one's assignments in the company
 * (enrolments_company_user_idx), so it stops after the page whichever page it is.
 */
async function page(
  db: DbOrTx,
  companyId: number,
  f: TeamFilter,
  at: { after?: TeamKey; before?: TeamKey; last?: boolean; limit: number },
  now: Date,
): Promise<{ rows: TeamEntryRow[]; more: boolean }> {
  const backwards = !at.after && (!!at.before || !!at.last);
  const key = at.after ?? at.before;
  const rows = await db
    .select({
      enrolmentId: enrolments.id,
      userId: enrolments.userId,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      seminarId: enrolments.seminarId,
      seminarTitle: seminars.title,
      seminarSlug: seminars.slug,
      dueAt: enrolments.dueAt,
      completedAt: seminarCompletions.completedAt,
    })
    .from(enrolments)
    .innerJoin(users, eq(users.id, enrolments.userId))
    .innerJoin(seminars, eq(seminars.id, enrolments.seminarId))
    .leftJoin(
      seminarCompletions,
      and(
        eq(seminarCompletions.userId, enrolments.userId),
        eq(seminarCompletions.seminarId, enrolments.seminarId),
      ),
    )
    .where(and(filterWhere(companyId, f, now), key ? beyond(key, backwards) : undefined))
    .orderBy(
      ...(backwards
        ? [
            sql`${users.lastName} desc`,
            sql`${users.firstName} desc`,
            sql`${users.id} desc`,
            sql`${seminars.title} desc`,
            sql`${enrolments.seminarId} desc`,
          ]
        : [users.lastName, users.firstName, users.id, seminars.title, enrolments.seminarId]),
    )
    .limit(at.limit + 1);
  const more = rows.length > at.limit;
  const page = rows.slice(0, at.limit);
  return { rows: backwards ? page.reverse() : page, more };
}

/** how many assignments match the filter (joining the users and completions only when it needs them) */
async function count(db: DbOrTx, companyId: number, f: TeamFilter, now: Date): Promise<number> {
  let q = db.select({ n: sql<number>`count(*)::int` }).from(enrolments).$dynamic();
  if (f.q?.trim()) q = q.innerJoin(users, eq(users.id, enrolments.userId));
  if (f.state) {
    q = q.leftJoin(
      seminarCompletions,
      and(
        eq(seminarCompletions.userId, enrolments.userId),
        eq(seminarCompletions.seminarId, enrolments.seminarId),
      ),
    );
  }
  const [row] = await q.where(filterWhere(companyId, f, now));
  return row?.n ?? 0;
}

/** the company assignment of the employee and seminar, if any */
async function assignment(
  db: DbOrTx,
  companyId: number,
  userId: number,
  seminarId: number,
): Promise<{ id: number; dueAt: Date | null } | undefined> {
  const [row] = await db
    .select({ id: enrolments.id, dueAt: enrolments.dueAt })
    .from(enrolments)
    .where(
      and(
        eq(enrolments.companyId, companyId),
        eq(enrolments.userId, userId),
        eq(enrolments.seminarId, seminarId),
        eq(enrolments.source, 'company'),
      ),
    )
    .limit(1);
  return row;
}

/** sets (or with null clears) the due date of company assignments of a seminar in a company */
async function setDueAt(
  db: DbOrTx,
  companyId: number,
  seminarId: number,
  userIds: number[],
  dueAt: Date | null,
): Promise<number> {
  if (userIds.length === 0) return 0;
  const rows = await db
    .update(enrolments)
    .set({ dueAt })
    .where(
      and(
        eq(enrolments.companyId, companyId),
        eq(enrolments.seminarId, seminarId),
        eq(enrolments.source, 'company'),
        inArray(enrolments.userId, userIds),
      ),
    )
    .returning({ id: enrolments.id });
  return rows.length;
}

/** when the learner completed the seminar (stored completion), null: not yet */
async function completedAt(db: DbOrTx, userId: number, seminarId: number): Promise<Date | null> {
  const [row] = await db
    .select({ at: seminarCompletions.completedAt })
    .from(seminarCompletions)
    .where(and(eq(seminarCompletions.userId, userId), eq(seminarCompletions.seminarId, seminarId)))
    .limit(1);
  return row?.at ?? null;
}

export const enrolmentTeamView = (db: DbOrTx) => ({
  page: (
    companyId: number,
    f: TeamFilter,
    at: { after?: TeamKey; before?: TeamKey; last?: boolean; limit: number },
    now: Date,
  ) => page(db, companyId, f, at, now),
  count: (companyId: number, f: TeamFilter, now: Date) => count(db, companyId, f, now),
  assignment: (companyId: number, userId: number, seminarId: number) =>
    assignment(db, companyId, userId, seminarId),
  setDueAt: (companyId: number, seminarId: number, userIds: number[], dueAt: Date | null) =>
    setDueAt(db, companyId, seminarId, userIds, dueAt),
  completedAt: (userId: number, seminarId: number) => completedAt(db, userId, seminarId),
});
