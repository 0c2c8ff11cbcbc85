import type { Locale } from '@elearn/shared';
import type { Tx } from '../../../db/client.ts';
import { bookingPaidMail } from '../../../lib/mail-templates.ts';
import { usersService } from '../../users/users.service.ts';
import { type PaymentsContext, prefixOf } from '../payments.context.ts';
import { paymentsRepository as repo } from '../payments.repository.ts';

const formatAmount = (minor: number, currency: string, locale: Locale) => {
  try {
    return new Intl.NumberFormat(locale === 'en' ? 'en-US' : 'de-CH', {
      style: 'currency',
      currency,
    }).format(minor / 100);
  } catch {
    return `${currency} ${(minor / 100).toFixed(2)}`;
  }
};

/** queues the confirmation in the transaction that grants the booking (the outbox) */
export async function queueConfirmation(ctx: PaymentsContext, tx: Tx, bookingId: number) {
  const { config, mailer } = ctx;
  const found = await repo.findBookingWithSeminar(tx, bookingId);
  const user = found && (await usersService.findById(tx, found.booking.userId));
  if (!found || !user) return;
  const locale: Locale = user.locale === 'en' ? 'en' : 'de';
  const base = `${config.appUrl}${prefixOf(locale)}`;
  const mail = bookingPaidMail(locale, {
    name: `${user.firstName} ${user.lastName}`.trim() || user.username,
    seminarTitle: found.seminar.title,
    amount: formatAmount(found.booking.price, found.booking.currency, locale),
    seminarUrl: `${base}/seminar/id/${found.seminar.id}`,
    paymentsUrl: `${base}/payment/payment-confirmation`,
  });
  await mailer.send({ to: user.email, ...mail }, { tx });
}
