import type { QueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { type Params, useParams } from 'react-router';
import { QueryState } from '@/components/query-state';
import { EmptyState } from '@/components/ui/empty-state';
import { SeminarCards } from '@/features/seminars/components/seminar-lists';
import { publicProfileQueryOptions, usePublicProfile } from '@/features/users/api/get-public-profile';
import { ProfileHeader } from '@/features/users/components/profile-header';
import { usePageTitle } from '@/hooks/use-page-title';
import { prefetchPageQuery } from '@/lib/page-prefetch';

/** The profile before the page renders: the server renders it for guests (issue 34). */
export const prefetch = (queryClient: QueryClient, params: Params) =>
  prefetchPageQuery(queryClient, publicProfileQueryOptions(params.slug ?? ''));

function Title({ name }: { name: string }) {
  usePageTitle(name);
  return null;
}

/** `/user/{slug}`: a trainer's public profile with the public seminars. */
export default function PublicProfilePage() {
  const { t } = useTranslation();
  const { slug = '' } = useParams();
  const query = usePublicProfile(slug);
  return (
    <QueryState query={query} notFoundOn404>
      {(profile) => (
        <>
          <Title name={`${profile.first_name} ${profile.last_name}`.trim() || profile.username} />
          <ProfileHeader profile={profile} />
          <h2 className="title is-4">{t('profile.seminars')}</h2>
          {profile.seminars.length === 0 ? (
            <EmptyState title={t('profile.noSeminars')} testId="profile-no-seminars" />
          ) : (
            <SeminarCards
              seminars={profile.seminars}
              cardTo={(seminar) => `/seminar/${encodeURIComponent(seminar.slug)}`}
            />
          )}
        </>
      )}
    </QueryState>
  );
}
