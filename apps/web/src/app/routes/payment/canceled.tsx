import { useTranslation } from 'react-i18next';
import { type Params, useParams } from 'react-router';
import { BookingResult } from '@/features/payments/components/booking-result';
import { usePageTitle } from '@/hooks/use-page-title';
import { idParam } from '@/lib/current-ids';

export const check = (params: Params) => idParam(params.bookingId) !== null;

/** `/payment/canceled/{bookingId}`: a payment that was canceled, failed or expired; pay again from here. */
export default function PaymentCanceledPage() {
  const { t } = useTranslation();
  const bookingId = idParam(useParams().bookingId)!;
  usePageTitle(t('payments.canceled.title'));
  return (
    <>
      <h1 className="title is-3">{t('payments.canceled.title')}</h1>
      <BookingResult bookingId={bookingId} />
    </>
  );
}
