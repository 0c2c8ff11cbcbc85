import { useTranslation } from 'react-i18next';
import { type Params, useParams } from 'react-router';
import { BookingResult } from '@/features/payments/components/booking-result';
import { usePageTitle } from '@/hooks/use-page-title';
import { idParam } from '@/lib/current-ids';

export const check = (params: Params) => idParam(params.bookingId) !== null;

/** `/payment/booking/{bookingId}`: a booking's summary and payment attempts; pay again after a failure. */
export default function PaymentBookingPage() {
  const { t } = useTranslation();
  const bookingId = idParam(useParams().bookingId)!;
  usePageTitle(t('payments.booking.title'));
  return (
    <>
      <h1 className="title is-3">{t('payments.booking.title')}</h1>
      <BookingResult bookingId={bookingId} />
    </>
  );
}
