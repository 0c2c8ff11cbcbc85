import { useTranslation } from 'react-i18next';
import { type Params, useParams } from 'react-router';
import { BookingResult } from '@/features/payments/components/booking-result';
import { usePageTitle } from '@/hooks/use-page-title';
import { idParam } from '@/lib/current-ids';

export const check = (params: Params) => idParam(params.bookingId) !== null;

/** `/payment/completed/{bookingId}`: the paid booking (the server's status, whatever the URL says). */
export default function PaymentCompletedPage() {
  const { t } = useTranslation();
  const bookingId = idParam(useParams().bookingId)!;
  usePageTitle(t('payments.completed.title'));
  return (
    <>
      <h1 className="title is-3">{t('payments.completed.title')}</h1>
      <BookingResult bookingId={bookingId} summary={false} />
    </>
  );
}
