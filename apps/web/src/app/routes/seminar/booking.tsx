import { useTranslation } from 'react-i18next';
import { type Params, useNavigate, useParams } from 'react-router';
import { AppLink } from '@/components/app-link';
import { QueryState } from '@/components/query-state';
import { PayPanel } from '@/features/payments/components/pay-panel';
import { useSeminar } from '@/features/seminars/api/get-seminar';
import { BookingPanel } from '@/features/seminars/components/booking-panel';
import { SeminarDetails } from '@/features/seminars/components/seminar-details';
import { useLocalizePath } from '@/hooks/use-locale';
import { usePageTitle } from '@/hooks/use-page-title';
import { idParam } from '@/lib/current-ids';

export const check = (params: Params) => idParam(params.id) !== null;

/** `/seminar/booking/{id}`: book a free seminar, or pay for a priced one (payments feature). */
export default function BookingPage() {
  const { t } = useTranslation();
  const id = idParam(useParams().id)!;
  const query = useSeminar(id);
  const navigate = useNavigate();
  const localize = useLocalizePath();
  usePageTitle(t('booking.title'));
  return (
    <>
      <h1 className="title is-3">{t('booking.title')}</h1>
      <QueryState query={query} notFoundOn404>
        {(seminar) => (
          <div className="columns">
            <div className="column is-8">
              <SeminarDetails seminar={seminar} headingLevel={2} />
            </div>
            <div className="column is-4">
              {seminar.price > 0 && !seminar.abilities.booked && !seminar.abilities.edit ? (
                <PayPanel seminar={seminar} />
              ) : (
                <BookingPanel
                  seminar={seminar}
                  onBooked={() => void navigate(localize(`/seminar/id/${seminar.id}`))}
                />
              )}
              {seminar.abilities.booked ? (
                <AppLink to={`/seminar/id/${seminar.id}`} data-testid="booking-to-seminar">
                  {t('booking.toSeminar')}
                </AppLink>
              ) : null}
            </div>
          </div>
        )}
      </QueryState>
    </>
  );
}
