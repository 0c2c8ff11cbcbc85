import type { BookingStatus, PaymentStatus } from '@elearn/shared';
import { useTranslation } from 'react-i18next';

const COLOR: Record<PaymentStatus | BookingStatus, string> = {
  free: 'is-success',
  paid: 'is-success',
  open: 'is-info',
  pending: 'is-info',
  authorized: 'is-info',
  failed: 'is-danger',
  canceled: 'is-warning',
  expired: 'is-warning',
  company: 'is-success',
  refunded: 'is-warning',
};

/** The status of a payment or booking as a coloured tag with its name in the page language. */
export function PaymentStatusTag({ status }: { status: PaymentStatus | BookingStatus }) {
  const { t } = useTranslation();
  return (
    <span className={`tag is-light ${COLOR[status]}`} data-testid="payment-status" data-status={status}>
      {t(`payments.status.${status}`)}
    </span>
  );
}
