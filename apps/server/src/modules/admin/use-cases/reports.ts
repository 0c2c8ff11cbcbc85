import type { AdminPaymentDto, AuditEntryDto, Paginated } from '@elearn/shared';
import { type AuditFilter, auditRepository as audit } from '../../audit/audit.repository.ts';
import {
  type AdminContext,
  dayStart,
  iso,
  isoOrNull,
  type PageQuery,
  page,
  paginator,
} from '../admin.context.ts';

export async function listPayments(
  ctx: AdminContext,
  q: PageQuery & { status?: string; from?: string; to?: string },
): Promise<Paginated<AdminPaymentDto>> {
  const { rows, total } = await ctx.payments.admin.page(
    { status: q.status, from: dayStart(q.from), to: dayStart(q.to, 1) },
    page(q),
  );
  return paginator(
    q,
    rows.map((r) => ({
      id: r.payment.id,
      status: r.payment.status,
      amount: r.payment.amount,
      currency: r.payment.currency,
      provider: r.payment.provider,
      provider_id: r.payment.providerId,
      created_at: iso(r.payment.createdAt),
      paid_at: isoOrNull(r.payment.paidAt),
      user: r.user,
      seminar: r.seminar,
      booking_id: r.payment.bookingId,
    })),
    total,
  );
}

export async function listAudit(
  ctx: AdminContext,
  q: PageQuery & { action?: string; actor_id?: number; target_type?: string; from?: string; to?: string },
): Promise<Paginated<AuditEntryDto>> {
  const filter: AuditFilter = {
    action: q.action,
    actorId: q.actor_id,
    targetType: q.target_type,
    from: dayStart(q.from),
    to: dayStart(q.to, 1),
  };
  const { rows, total } = await audit.list(ctx.db, filter, page(q));
  return paginator(
    q,
    rows.map((r) => ({
      id: r.id,
      created_at: iso(r.createdAt),
      actor: r.actorId !== null ? { id: r.actorId, username: r.actorUsername ?? '' } : null,
      action: r.action,
      target_type: r.targetType,
      target_id: r.targetId,
      target_label: r.targetLabel,
      before: r.before,
      after: r.after,
    })),
    total,
  );
}
