import { dueDateOf, type TeamRemindBody } from '@elearn/shared';
import { AppError, forbidden, notFound } from '../../../errors.ts';
import type { AuthUser } from '../../../plugins/session.ts';
import { companyPolicy } from '../../../policies/company.policy.ts';
import { auditRepository } from '../../audit/audit.repository.ts';
import { DAY_MS, type NotificationsContext, pageUrl } from '../notifications.context.ts';
import { reminderBody } from '../notifications.mails.ts';
import { notificationsRepository as repo } from '../notifications.repository.ts';
import { fullName, queueNotification } from './send.ts';

/** a manager reminds the same employee of the same seminar at most once in this long */
export const REMIND_EVERY_MS = DAY_MS;

/**
 * `POST /api/companies/:id/team/remind` (issue 36 item 7): a company's manager (or an admin)
 * reminds an assigned employee of a seminar now. Once per employee and seminar in 24 hours
 * (429 `remind.too_soon` with Retry-After), audited; the mail respects the employee's choice of
 * reminders (then nothing is sent and the answer says so).
 * @throws 404 unknown company, 403 not its manager, 404 `remind.not_assigned`
 */
export async function remindEmployee(
  ctx: NotificationsContext,
  actor: AuthUser,
  companyId: number,
  body: TeamRemindBody,
): Promise<{ sent: boolean }> {
  if (!(await ctx.sources.companyExists(companyId))) throw notFound();
  if (!companyPolicy.manage(actor, companyId)) throw forbidden();
  const assignment = await ctx.sources.assignments.assignment(companyId, body.user_id, body.seminar_id);
  if (!assignment) throw new AppError(404, 'remind.not_assigned', 'remind.not_assigned');
  const now = new Date(ctx.now());
  const subject = `seminar:${body.seminar_id}`;
  const to = (await repo.recipients(ctx.db, [body.user_id], 'due_reminders')).get(body.user_id);
  const sent = await ctx.db.transaction(async (tx) => {
    const key = { userId: body.user_id, kind: 'manager_remind', subject };
    if (!(await repo.claim(tx, key, now, new Date(now.getTime() - REMIND_EVERY_MS)))) return null;
    await auditRepository.record(
      tx,
      {
        actor: { id: actor.id, username: actor.username },
        action: 'user.reminded',
        targetType: 'user',
        targetId: body.user_id,
        targetLabel: `user ${body.user_id}`,
        after: { company_id: companyId, seminar_id: body.seminar_id, mailed: !!to },
      },
      now,
    );
    if (!to) return false;
    await queueNotification(
      ctx,
      tx,
      to,
      'due_reminders',
      reminderBody(to.locale, {
        name: fullName(to),
        seminar: assignment.seminarTitle,
        dueDate: assignment.dueAt ? dueDateOf(assignment.dueAt) : null,
        reason: 'manager',
        manager: fullName(actor),
        url: pageUrl(ctx, to.locale, '/learn'),
      }),
    );
    return true;
  });
  if (sent === null) {
    const last = await repo.lastSent(ctx.db, body.user_id, 'manager_remind', subject);
    const seconds = Math.max(1, Math.ceil(((last?.getTime() ?? 0) + REMIND_EVERY_MS - now.getTime()) / 1000));
    throw new AppError(429, 'remind.too_soon', 'remind.too_soon', { seconds }, undefined, {
      'retry-after': String(seconds),
    });
  }
  return { sent };
}
