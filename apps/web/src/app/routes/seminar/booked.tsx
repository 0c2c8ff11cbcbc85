import { useTranslation } from 'react-i18next';
import { ButtonLink } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { CompanyBookingsSection } from '@/features/companies/components/company-bookings-section';
import { useMyProgress } from '@/features/progress/api/get-my-progress';
import { ProgressSummary } from '@/features/progress/components/progress-summary';
import { useBookedSeminars } from '@/features/seminars/api/get-booked-seminars';
import { SeminarArrayList } from '@/features/seminars/components/seminar-lists';
import { usePageTitle } from '@/hooks/use-page-title';
import { seminarTabs, useCurrentUser } from '@/lib/auth';

/** `/seminar/booked`: the seminars the user booked. */
export default function BookedSeminarsPage() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  usePageTitle(t('seminar.bookedList.title'));
  const query = useBookedSeminars();
  const progress = useMyProgress();
  const progressOf = new Map((progress.data ?? []).map((p) => [p.seminar_id, p]));
  const canBrowse = !!user && seminarTabs(user).some((tab) => tab.to === '/seminar');
  return (
    <>
      <h1 className="title is-3">{t('seminar.bookedList.title')}</h1>
      <SeminarArrayList
        query={query}
        cardTo={(seminar) => `/seminar/id/${seminar.id}`}
        actions={(seminar) => {
          const p = progressOf.get(seminar.id);
          return p ? (
            <div className="card-footer-item">
              <ProgressSummary progress={p} compact />
            </div>
          ) : null;
        }}
        empty={
          <EmptyState title={t('seminar.bookedList.empty')} testId="seminar-booked-empty">
            {canBrowse ? (
              <ButtonLink to="/seminar" variant="primary">
                {t('seminar.bookedList.browse')}
              </ButtonLink>
            ) : null}
          </EmptyState>
        }
      />
      <CompanyBookingsSection />
    </>
  );
}
