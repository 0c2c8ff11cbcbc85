import { and, asc, eq, gt, gte, inArray, lt, lte, min, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { enrolments, seminarCompletions, seminars, users } from '../../db/schema/index.ts';

/**
 * The assignments the scheduled reminders read (module notifications, issue 36 item 6), queried
 * here because the grants are this module's: due dates of company assignments not yet completed,
 * a company's team for the manager's digest, and the first grant per learner and seminar (drip).
 * The notifications module reads them through the service (`reminders`, wired by app-modules.ts).
 */

export interface DueAssignment {
  id: number;
  userId: number;
  seminarId: number;
  seminarTitle: string;
  dueAt: Date;
}

export interface TeamEntry {
  userId: number;
  firstName: string;
  lastName: string;
  seminarId: number;
  seminarTitle: string;
  /** the due instant (overdue) or the completion (finished) */
  at: Date;
}

const notCompleted = sql`not exists (select 1 from ${seminarCompletions} where ${seminarCompletions.userId} = ${enrolments.userId} and ${seminarCompletions.seminarId} = ${enrolments.seminarId})`;

const enrolmentReminders = (db: DbOrTx) => ({
  /** company assignments due in (from, to], not completed, after `afterId` in id order */
  duePage(from: Date, to: Date, afterId: number, limit: number): Promise<DueAssignment[]> {
    return db
      .select({
        id: enrolments.id,
        userId: enrolments.userId,
        seminarId: enrolments.seminarId,
        seminarTitle: seminars.title,
        dueAt: sql<Date>`${enrolments.dueAt}`.mapWith(enrolments.dueAt),
      })
      .from(enrolments)
      .innerJoin(seminars, eq(seminars.id, enrolments.seminarId))
      .where(
        and(
          eq(enrolments.source, 'company'),
          gt(enrolments.dueAt, from),
          lte(enrolments.dueAt, to),
          gt(enrolments.id, afterId),
          notCompleted,
        ),
      )
      .orderBy(asc(enrolments.id))
      .limit(limit);
  },
});

/** a company's team for the manager's digest, and one assignment for the manager's reminder */
const enrolmentTeam = (db: DbOrTx) => ({
  /** a company's assignments past their due instant and not completed */
  overdueOf(companyId: number, now: Date): Promise<TeamEntry[]> {
    return db
      .select({
        userId: enrolments.userId,
        firstName: users.firstName,
        lastName: users.lastName,
        seminarId: enrolments.seminarId,
        seminarTitle: seminars.title,
        at: sql<Date>`${enrolments.dueAt}`.mapWith(enrolments.dueAt),
      })
      .from(enrolments)
      .innerJoin(seminars, eq(seminars.id, enrolments.seminarId))
      .innerJoin(users, eq(users.id, enrolments.userId))
      .where(
        and(
          eq(enrolments.companyId, companyId),
          eq(enrolments.source, 'company'),
          lte(enrolments.dueAt, now),
          notCompleted,
        ),
      )
      .orderBy(asc(enrolments.dueAt), asc(users.lastName), asc(enrolments.id));
  },

  /** a company's assigned seminars completed in [since, until) */
  finishedOf(companyId: number, since: Date, until: Date): Promise<TeamEntry[]> {
    return db
      .selectDistinct({
        userId: enrolments.userId,
        firstName: users.firstName,
        lastName: users.lastName,
        seminarId: enrolments.seminarId,
        seminarTitle: seminars.title,
        at: seminarCompletions.completedAt,
      })
      .from(enrolments)
      .innerJoin(
        seminarCompletions,
        and(
          eq(seminarCompletions.userId, enrolments.userId),
          eq(seminarCompletions.seminarId, enrolments.seminarId),
        ),
      )
      .innerJoin(seminars, eq(seminars.id, enrolments.seminarId))
      .innerJoin(users, eq(users.id, enrolments.userId))
      .where(
        and(
          eq(enrolments.companyId, companyId),
          eq(enrolments.source, 'company'),
          gte(seminarCompletions.completedAt, since),
          lt(seminarCompletions.completedAt, until),
        ),
      )
      .orderBy(asc(seminarCompletions.completedAt), asc(enrolments.userId));
  },
});

/** the first grant per learner and seminar (drip) */
const enrolmentFirstGrants = (db: DbOrTx) => ({
  /** learners of the seminars whose first grant of it fell into [from, to) */
  async firstGrantsBetween(
    seminarIds: number[],
    from: Date,
    to: Date,
  ): Promise<{ userId: number; seminarId: number }[]> {
    if (seminarIds.length === 0) return [];
    const first = min(enrolments.grantedAt);
    return db
      .select({ userId: enrolments.userId, seminarId: enrolments.seminarId })
      .from(enrolments)
      .where(inArray(enrolments.seminarId, seminarIds))
      .groupBy(enrolments.userId, enrolments.seminarId)
      .having(and(gte(first, from), lt(first, to)));
  },
});

/** the employee's assignment of a seminar in a company */
const enrolmentAssignment = (db: DbOrTx) => ({
  /** the employee's assignment of the seminar in the company, if any */
  async assignment(
    companyId: number,
    userId: number,
    seminarId: number,
  ): Promise<{ id: number; seminarTitle: string; dueAt: Date | null } | undefined> {
    const [row] = await db
      .select({ id: enrolments.id, seminarTitle: seminars.title, dueAt: enrolments.dueAt })
      .from(enrolments)
      .innerJoin(seminars, eq(seminars.id, enrolments.seminarId))
      .where(
        and(
          eq(enrolments.companyId, companyId),
          eq(enrolments.userId, userId),
          eq(enrolments.seminarId, seminarId),
          eq(enrolments.source, 'company'),
        ),
      )
      .orderBy(asc(enrolments.id))
      .limit(1);
    return row;
  },
});

/** all of the above: what the notifications module reads of the grants (through the service) */
export const enrolmentReminderReads = (db: DbOrTx) => ({
  ...enrolmentReminders(db),
  ...enrolmentTeam(db),
  ...enrolmentFirstGrants(db),
  ...enrolmentAssignment(db),
});
export type EnrolmentReminderReads = ReturnType<typeof enrolmentReminderReads>;
