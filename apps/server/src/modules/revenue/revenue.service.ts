import type { Locale, RevenueQuery } from '@elearn/shared';
import type { FastifyReply } from 'fastify';
import { createRevenueContext, type RevenueDeps } from './revenue.context.ts';
import { exportRevenue } from './use-cases/export.ts';
import { revenueOverview } from './use-cases/overview.ts';

export type { RevenueDeps, RevenueSum } from './revenue.context.ts';

export type RevenueService = ReturnType<typeof createRevenueService>;

/**
 * The admins' revenue overview (issue 38 item 7; docs/api/revenue.md): the invoices and credit
 * notes per month, seminar or company, paid and open, net, VAT and gross per currency, and its
 * export. Read-only; the invoices module sums its own tables (invoices.revenue.ts).
 */
export function createRevenueService(deps: RevenueDeps) {
  const ctx = createRevenueContext(deps);
  return {
    overview: (q: RevenueQuery) => revenueOverview(ctx, q),
    export: (q: RevenueQuery, locale: Locale, reply: FastifyReply) => exportRevenue(ctx, q, locale, reply),
  };
}
