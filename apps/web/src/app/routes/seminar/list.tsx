import type { QueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { AppLink } from '@/components/app-link';
import { PageHead } from '@/components/seo/page-head';
import { ButtonLink } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { catalogueParamsOf, catalogueQueryOptions } from '@/features/seminars/api/get-catalogue';
import { Catalogue } from '@/features/seminars/components/catalogue';
import { AllSeminarsList } from '@/features/seminars/components/seminar-lists';
import { usePageTitle } from '@/hooks/use-page-title';
import { ensureUser, isOwnerRole, type User, useCurrentUser } from '@/lib/auth';

/**
 * Guests get the catalogue's page before the first render (the server renders it, issue 34);
 * logged-in users' lists load in the browser as before.
 */
export async function prefetch(queryClient: QueryClient, _params: unknown, url: URL): Promise<void> {
  const user = await ensureUser(queryClient).catch(() => null);
  if (!user) await queryClient.ensureQueryData(catalogueQueryOptions(catalogueParamsOf(url.searchParams)));
}

/** The logged-in user's list (spec section 2: students "all", trainers "bookable"), below the tabs. */
function UserSeminarList({ user }: { user: User }) {
  const { t } = useTranslation();
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

/** The catalogue for guests, with the page's own head (title, description, link previews). */
function GuestCatalogue() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const params = catalogueParamsOf(search);
  return (
    <>
      <PageHead title={t('catalogue.title')} description={t('catalogue.metaDescription')} />
      <Catalogue params={params} />
    </>
  );
}

/** `/seminar`: the public catalogue for guests (issue 34), the seminar lists for logged-in users. */
export default function SeminarListPage() {
  const user = useCurrentUser();
  return user ? <UserSeminarList user={user} /> : <GuestCatalogue />;
}
