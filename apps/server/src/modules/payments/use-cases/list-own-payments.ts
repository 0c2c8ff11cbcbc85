import type { Paginated, PaymentDto, PaymentStatus } from '@elearn/shared';
import type { AuthUser } from '../../../plugins/session.ts';
import { iso, type PaymentsContext } from '../payments.context.ts';
import { paymentsRepository as repo } from '../payments.repository.ts';

/** `GET /api/payments/status/`: the caller's payment attempts, newest first */
export async function listOwnPayments(
  ctx: PaymentsContext,
  actor: AuthUser,
  q: { page: number; per_page: number },
): Promise<Paginated<PaymentDto>> {
  const { rows, total } = await repo.pageOfUser(ctx.db, actor.id, q.per_page, (q.page - 1) * q.per_page);
  return {
    data: rows.map(({ payment: p, seminar }) => ({
      id: p.id,
      booking_id: p.bookingId,
      seminar,
      amount: p.amount,
      currency: p.currency,
      status: p.status as PaymentStatus,
      created_at: p.createdAt.toISOString(),
      paid_at: iso(p.paidAt),
    })),
    current_page: q.page,
    last_page: Math.max(1, Math.ceil(total / q.per_page)),
    per_page: q.per_page,
    total,
  };
}
