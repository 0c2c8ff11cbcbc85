import { useTranslation } from 'react-i18next';
import { AppLink } from '@/components/app-link';
import { ButtonLink } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { useOwnedSeminars } from '@/features/seminars/api/get-owned-seminars';
import { PublicToggle } from '@/features/seminars/components/public-toggle';
import { SeminarArrayList } from '@/features/seminars/components/seminar-lists';
import { usePageTitle } from '@/hooks/use-page-title';

/** `/seminar/own`: the seminars the trainer created, with the public/private switch. */
export default function OwnSeminarsPage() {
  const { t } = useTranslation();
  usePageTitle(t('seminar.own.title'));
  const query = useOwnedSeminars();
  return (
    <>
      <div className="is-flex is-justify-content-space-between is-align-items-baseline is-flex-wrap-wrap mb-4">
        <h1 className="title is-3 mb-2">{t('seminar.own.title')}</h1>
        <ButtonLink to="/seminar/new" variant="primary" data-testid="own-new-seminar">
          {t('seminar.tabs.new')}
        </ButtonLink>
      </div>
      <SeminarArrayList
        query={query}
        showVisibility
        cardTo={(seminar) => `/seminar/id/${seminar.id}`}
        actions={(seminar) => (
          <>
            <span className="card-footer-item">
              <PublicToggle seminar={seminar} size="small" />
            </span>
            <AppLink
              to={`/seminar/id/${seminar.id}/edit`}
              className="card-footer-item"
              data-testid="seminar-card-edit"
            >
              {t('seminar.edit')}
            </AppLink>
            <span className="card-footer-item is-size-7" data-testid="seminar-card-bookings">
              {t('seminar.bookingsCount', { count: seminar.bookings_count })}
            </span>
          </>
        )}
        empty={
          <EmptyState title={t('seminar.own.empty')} testId="seminar-own-empty">
            <p className="mb-3">{t('seminar.own.emptyText')}</p>
            <ButtonLink to="/seminar/new" variant="primary">
              {t('seminar.tabs.new')}
            </ButtonLink>
          </EmptyState>
        }
      />
    </>
  );
}
