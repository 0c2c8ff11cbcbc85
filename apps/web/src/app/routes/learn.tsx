import type { QueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { QueryState } from '@/components/query-state';
import { learnQueryOptions, useLearn } from '@/features/learn/api/get-learn';
import { LearnDashboard } from '@/features/learn/components/learn-dashboard';
import { usePageTitle } from '@/hooks/use-page-title';
import { prefetchPageQuery } from '@/lib/page-prefetch';

/** The dashboard before the page renders (the server renders it with the learner's data). */
export const prefetch = (queryClient: QueryClient) => prefetchPageQuery(queryClient, learnQueryOptions());

/** `/learn` ("Mein Lernen", issue 36): where learners land after login. */
export default function LearnPage() {
  const { t } = useTranslation();
  usePageTitle(t('learn.title'));
  const query = useLearn();
  return (
    <>
      <h1 className="title is-3">{t('learn.title')}</h1>
      <p className="subtitle is-6">{t('learn.intro')}</p>
      <QueryState query={query}>{(data) => <LearnDashboard data={data} />}</QueryState>
    </>
  );
}
