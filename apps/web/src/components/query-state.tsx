import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PageLoader } from '@/components/layout/page-loader';
import { Button } from '@/components/ui/button';
import { isApiError } from '@/lib/api-client';
import { NotFoundView } from './error-view';

/** A failed query as a message with a retry button. */
export function QueryError({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  const { t } = useTranslation();
  const message = error instanceof Error && error.message ? error.message : t('errors.unknown');
  return (
    <div className="notification is-danger is-light" role="alert" data-testid="query-error">
      <p className="mb-2">{t('common.loadError')}</p>
      <p className="mb-3">{message}</p>
      {onRetry ? (
        <Button size="small" onClick={onRetry}>
          {t('common.retry')}
        </Button>
      ) : null}
    </div>
  );
}

interface QueryStateProps<T> {
  query: UseQueryResult<T>;
  children: (data: T) => ReactNode;
  /** A 404 of this query shows the page-not-found view instead of a message. */
  notFoundOn404?: boolean;
  loading?: ReactNode;
}

/** Loading, error and data of one query; a 404 can become the page-not-found view. */
export function QueryState<T>({ query, children, notFoundOn404 = false, loading }: QueryStateProps<T>) {
  if (query.isPending) return <>{loading ?? <PageLoader />}</>;
  if (query.isError) {
    if (notFoundOn404 && isApiError(query.error) && query.error.status === 404) return <NotFoundView />;
    return <QueryError error={query.error} onRetry={() => void query.refetch()} />;
  }
  return <>{children(query.data)}</>;
}
