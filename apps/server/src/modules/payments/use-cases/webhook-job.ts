import { batched } from '../../../lib/batch.ts';
import type { PaymentsContext } from '../payments.context.ts';
import { paymentsRepository as repo } from '../payments.repository.ts';
import { handleWebhook, syncPayment } from './sync-payment.ts';
import { syncRefunds } from './sync-refunds.ts';

/** the job that applies what the provider reports about one of our payments (and its refunds) */
export const PAYMENT_SYNC_JOB = 'payments.sync';

/**
 * The webhook (`id=tr_…`, docs/decisions/payments.md "The webhook answers first"): our attempt by
 * the provider's id, and a job that asks the provider and applies its word. The answer does not
 * wait for the provider and the transaction that grants: a burst of payments (a company's
 * employees paying together, Mollie delivering late webhooks at once) costs each delivery one
 * look-up and one insert, and the grants follow at the pace of the job's workers. The job is
 * durable in the same database and retried with backoff when the provider is unreachable, so a
 * delivery answered 200 is never lost. An id we never created changes nothing and queues nothing.
 * Without a job queue (a CLI, some tests) the sync runs at once, as before.
 * @throws ProviderUnavailableError only without a queue (the caller answers non-2xx then)
 */
export async function acceptWebhook(ctx: PaymentsContext, providerId: string): Promise<void> {
  if (!ctx.provider) return;
  if (!ctx.jobs) return handleWebhook(ctx, providerId);
  const payment = await repo.findByProviderId(ctx.db, ctx.provider.name, providerId);
  if (payment) await queueOf(ctx)(payment.id);
}

/** per app: the deliveries arriving together queue their jobs with one statement (lib/batch.ts) */
const queues = new WeakMap<PaymentsContext, (paymentId: number) => Promise<void>>();
function queueOf(ctx: PaymentsContext): (paymentId: number) => Promise<void> {
  let queue = queues.get(ctx);
  if (!queue) {
    const jobs = ctx.jobs!;
    queue = batched(async (ids: number[]) => {
      await jobs.enqueueMany(
        PAYMENT_SYNC_JOB,
        ids.map((paymentId) => ({ paymentId })),
      );
      return ids.map(() => undefined);
    });
    queues.set(ctx, queue);
  }
  return queue;
}

/** the job's run: the attempt as stored now, the provider's word on it, then its refunds */
export async function runPaymentSync(ctx: PaymentsContext, paymentId: number): Promise<void> {
  const payment = await repo.findById(ctx.db, paymentId);
  if (!payment) return;
  await syncPayment(ctx, payment);
  await syncRefunds(ctx, payment);
}
