import { type SQLWrapper, sql } from 'drizzle-orm';
import { enrolments } from '../../db/schema/index.ts';

/** a grant counts until its `valid_until` (a seat package's expiry, issue 38 item 4); null = no end */
const VALID_TEXT = '(e.valid_until is null or e.valid_until > now())';
const VALID_SQL = sql.raw(VALID_TEXT);

/**
 * The rule "a person holds a seminar" as SQL, lent to the few queries that must stay one
 * statement: the play routes' prepared access check (seminars.repository `findForPlay`) and the
 * seminar look-up with the caller's access. Only this module knows how grants are stored; every
 * other question about grants goes through the enrolments service (docs/decisions.md, issue 12).
 */
export const holdsSql = (seminarId: SQLWrapper, userId: SQLWrapper | number) =>
  sql`exists (select 1 from ${enrolments} e where e.seminar_id = ${seminarId} and e.user_id = ${userId} and ${VALID_SQL})`;

/** the same rule as SQL text for a server-side `PREPARE` (PGlite) */
export const holdsSqlText = (seminarIdExpr: string, userIdExpr: string) =>
  `exists (select 1 from enrolments e where e.seminar_id = ${seminarIdExpr} and e.user_id = ${userIdExpr} and ${VALID_TEXT})`;

/** personal learners (free bookings and settled purchases) of a seminar, as the catalogue counts them */
export const personalLearnersCountSql = (seminarId: SQLWrapper, since?: Date) =>
  sql<number>`(select count(*)::int from ${enrolments} e where e.seminar_id = ${seminarId}
    and e.source in ('free', 'purchase')${since ? sql` and e.created_at >= ${since.toISOString()}` : sql``})`;

/**
 * The first grant of a seminar to a person, the day drip counts from (issue 36), as a column
 * (null when the person holds no grant of it); decoded as a date.
 */
export const firstGrantSql = (seminarId: SQLWrapper | number, userId: SQLWrapper | number) =>
  sql<Date | null>`(select min(e.granted_at) from ${enrolments} e where e.seminar_id = ${seminarId} and e.user_id = ${userId})`.mapWith(
    enrolments.grantedAt,
  );
