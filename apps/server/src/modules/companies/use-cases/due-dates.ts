import {
  type AssignmentDue,
  type DueDateBody,
  dueAtOf,
  dueDateOf,
  dueState,
  encodeMessage,
  localDateOf,
} from '@elearn/shared';
import type { DbOrTx } from '../../../db/client.ts';
import { AppError, validation } from '../../../errors.ts';
import type { AuthUser } from '../../../plugins/session.ts';
import { auditRepository } from '../../audit/audit.repository.ts';
import type { CompaniesContext } from '../companies.context.ts';
import { managedCompany } from '../company-guards.ts';

/**
 * The instant a due date (YYYY-MM-DD, already a real calendar day) ends in Europe/Zurich; a day
 * before today's there is refused (today is allowed: it is due by its end).
 * @throws 422 validation.date_past
 */
export function dueAtFor(ctx: CompaniesContext, date: string): Date {
  if (date < localDateOf(new Date(ctx.now()))) {
    throw validation({ due_date: [encodeMessage('validation.date_past')] });
  }
  return dueAtOf(date);
}

/** records a due date set or cleared, in the writing transaction */
export function auditDueDate(
  tx: DbOrTx,
  actor: AuthUser,
  at: Date,
  e: {
    companyId: number;
    seminarId: number;
    userIds: number[];
    before?: string | null;
    dueDate: string | null;
  },
) {
  return auditRepository.record(
    tx,
    {
      actor: { id: actor.id, username: actor.username },
      action: 'assignment.due_date_set',
      targetType: e.userIds.length === 1 ? 'user' : 'seminar',
      targetId: e.userIds.length === 1 ? e.userIds[0]! : e.seminarId,
      targetLabel:
        e.userIds.length === 1 ? `user ${e.userIds[0]} · seminar ${e.seminarId}` : `seminar ${e.seminarId}`,
      ...(e.before !== undefined ? { before: { due_date: e.before } } : {}),
      after: { company_id: e.companyId, seminar_id: e.seminarId, user_ids: e.userIds, due_date: e.dueDate },
    },
    at,
  );
}

/**
 * `PUT /api/companies/{id}/assignments/due-date` (issue 36 item 5): the company's manager (or an
 * admin) sets, changes or (with null) clears the due date of an employee's assignment. Audited.
 * Answers the due date and the assignment's state now.
 * @throws 404 unknown company, 403 not its manager, 422 validation.date_past,
 *   404 assignment.not_assigned
 */
export async function setDueDate(
  ctx: CompaniesContext,
  actor: AuthUser,
  companyId: number,
  body: DueDateBody,
): Promise<AssignmentDue> {
  await managedCompany(ctx, actor, companyId);
  const now = new Date(ctx.now());
  const dueAt = body.due_date === null ? null : dueAtFor(ctx, body.due_date);
  const assignment = await ctx.enrolments.team().assignment(companyId, body.user_id, body.seminar_id);
  if (!assignment) throw new AppError(404, 'assignment.not_assigned', 'assignment.not_assigned');
  await ctx.db.transaction(async (tx) => {
    await ctx.enrolments.team(tx).setDueAt(companyId, body.seminar_id, [body.user_id], dueAt);
    await auditDueDate(tx, actor, now, {
      companyId,
      seminarId: body.seminar_id,
      userIds: [body.user_id],
      before: assignment.dueAt ? dueDateOf(assignment.dueAt) : null,
      dueDate: body.due_date,
    });
  });
  const completedAt = await ctx.enrolments.team().completedAt(body.user_id, body.seminar_id);
  return {
    user_id: body.user_id,
    seminar_id: body.seminar_id,
    due_date: body.due_date,
    state: dueState(dueAt, completedAt, now) ?? 'none',
  };
}
