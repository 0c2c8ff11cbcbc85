import type { McTestMode } from '@elearn/shared';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { NotFoundView } from '@/components/error-view';
import { PageLoader } from '@/components/layout/page-loader';
import { QueryError } from '@/components/query-state';
import { type ItemAnalysisFilter, useItemAnalysis } from '@/features/item-analysis/api/get-item-analysis';
import { ItemAnalysisView } from '@/features/item-analysis/components/item-analysis-view';
import { ItemFilters } from '@/features/item-analysis/components/item-filters';
import { usePageTitle } from '@/hooks/use-page-title';
import { isApiError } from '@/lib/api-client';
import { idParam } from '@/lib/current-ids';

export { checkTestId as check } from './params';

const MODES: readonly string[] = ['exam', 'practice'];

/**
 * `/mcTest/{id}/itemAnalysis?from=&to=&mode=`: per question facility, discrimination, answer
 * shares and flags of the test's submitted runs (owners and admins; others get "not found").
 */
export default function ItemAnalysisPage() {
  const { t } = useTranslation();
  const id = idParam(useParams().id)!;
  const [params, setParams] = useSearchParams();
  const filter: ItemAnalysisFilter = {
    from: params.get('from') || undefined,
    to: params.get('to') || undefined,
    mode: MODES.includes(params.get('mode') ?? '') ? (params.get('mode') as McTestMode) : undefined,
  };
  const query = useItemAnalysis(id, filter);
  usePageTitle(
    query.data ? t('itemAnalysis.titleOf', { label: query.data.mc_test.label }) : t('itemAnalysis.title'),
  );
  const apply = (next: ItemAnalysisFilter) => {
    const out = new URLSearchParams(params);
    for (const key of ['from', 'to', 'mode'] as const) {
      const value = next[key];
      if (value) out.set(key, value);
      else out.delete(key);
    }
    setParams(out);
  };
  const fieldError =
    query.error && isApiError(query.error) && query.error.status === 422
      ? (Object.values(query.error.errors ?? {}).flat()[0] ?? query.error.message)
      : undefined;
  if (query.error && isApiError(query.error) && query.error.status === 404) return <NotFoundView />;
  return (
    <>
      <h1 className="title is-3" data-testid="item-analysis-title">
        {query.data
          ? t('itemAnalysis.titleOf', { label: query.data.mc_test.label })
          : t('itemAnalysis.title')}
      </h1>
      <p className="subtitle is-6">{t('itemAnalysis.intro')}</p>
      <ItemFilters key={params.toString()} value={filter} onApply={apply} error={fieldError} />
      {query.data && !fieldError ? (
        <ItemAnalysisView analysis={query.data} />
      ) : query.error && !fieldError ? (
        <QueryError error={query.error} onRetry={() => query.refetch()} />
      ) : query.isPending ? (
        <PageLoader />
      ) : null}
    </>
  );
}
