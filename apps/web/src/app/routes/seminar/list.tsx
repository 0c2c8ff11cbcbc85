import { useTranslation } from 'react-i18next';
import { AppLink } from '@/components/app-link';
import { ButtonLink } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { AllSeminarsList } from '@/features/seminars/components/seminar-lists';
import { usePageTitle } from '@/hooks/use-page-title';
import { isOwnerRole, useCurrentUser } from '@/lib/auth';

/** `/seminar`: the public seminars (students: "all", trainers: "bookable"). */
export default function SeminarListPage() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const owner = isOwnerRole(user);
  const title = owner ? t('seminar.list.bookableTitle') : t('seminar.list.allTitle');
  usePageTitle(title);
  return (
    <>
      <div className="is-flex is-justify-content-space-between is-align-items-baseline is-flex-wrap-wrap mb-4">
        <h1 className="title is-3 mb-2">{title}</h1>
        <AppLink to="/seminar/rise" data-testid="seminar-rise-link">
          {t('seminar.rise.link')}
        </AppLink>
      </div>
      <AllSeminarsList
        cardTo={(seminar) => `/seminar/id/${seminar.id}`}
        empty={
          <EmptyState title={t('seminar.list.empty')} testId="seminar-list-empty">
            {owner ? (
              <ButtonLink to="/seminar/new" variant="primary">
                {t('seminar.tabs.new')}
              </ButtonLink>
            ) : (
              <p>{t('seminar.list.emptyText')}</p>
            )}
          </EmptyState>
        }
      />
    </>
  );
}
