import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { AppLink } from '@/components/app-link';
import { QueryState } from '@/components/query-state';
import { EmptyState } from '@/components/ui/empty-state';
import { Pagination } from '@/components/ui/pagination';
import { SearchBox } from '@/components/ui/search-box';
import { useQuestions } from '@/features/mc-tests/api/get-questions';
import { PoolQuestion } from '@/features/mc-tests/components/pool-question';
import {
  CategoryFilter,
  ExportLinks,
  ImportQuestions,
} from '@/features/mc-tests/components/question-exchange';
import { QuestionForm } from '@/features/mc-tests/components/question-form';
import { mcTestPaths } from '@/features/mc-tests/tabs';
import { usePageTitle } from '@/hooks/use-page-title';
import '@/features/mc-tests/mc-tests.css';
import { idParam } from '@/lib/current-ids';

const PER_PAGE = 10;

/** `/mcTest/QuestionPool`: the caller's questions (admins: all), searchable, edited in place. */
export default function QuestionPoolPage() {
  const { t } = useTranslation();
  usePageTitle(t('mcTest.pool.title'));
  const [params] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const q = params.get('q') ?? '';
  // `?question={id}`: only that question (the item analysis links here to edit one)
  const only = idParam(params.get('question') ?? undefined) ?? undefined;
  // `?category=`: that category and every category below it (issue 37)
  const category = params.get('category') ?? '';
  const query = useQuestions({ page, q, perPage: PER_PAGE, id: only, category: category || undefined });
  return (
    <>
      <div className="is-flex is-justify-content-space-between is-align-items-baseline is-flex-wrap-wrap">
        <h1 className="title is-3">{t('mcTest.pool.title')}</h1>
        {query.data ? (
          <span className="tag is-light" data-testid="pool-total">
            {t('mcTest.pool.total', { count: query.data.total })}
          </span>
        ) : null}
      </div>
      <p className="subtitle is-6">{t('mcTest.pool.intro')}</p>
      <div className="is-flex is-flex-wrap-wrap has-gap-s mb-4" data-testid="pool-exchange">
        <ImportQuestions />
        <ExportLinks category={category || undefined} />
      </div>
      <details className="box" data-testid="pool-new" open={query.data?.total === 0 && !q ? true : undefined}>
        <summary className="has-text-weight-semibold" data-testid="pool-new-toggle">
          {t('mcTest.pool.newQuestion')}
        </summary>
        <div className="mt-4">
          <QuestionForm />
        </div>
      </details>
      {only !== undefined ? (
        <p className="mb-3">
          <AppLink to={mcTestPaths.pool} data-testid="pool-show-all">
            {t('itemAnalysis.poolShowAll')}
          </AppLink>
        </p>
      ) : (
        <>
          <SearchBox label={t('mcTest.pool.search')} testId="pool-search" />
          <CategoryFilter />
        </>
      )}
      <QueryState query={query}>
        {(data) =>
          data.data.length === 0 ? (
            <EmptyState
              title={q || category ? t('mcTest.pool.noMatch') : t('mcTest.pool.empty')}
              testId="pool-empty"
            >
              {q || category ? null : <p>{t('mcTest.pool.emptyText')}</p>}
            </EmptyState>
          ) : (
            <>
              <div data-testid="pool-list">
                {data.data.map((question) => (
                  <PoolQuestion key={question.id} question={question} />
                ))}
              </div>
              <Pagination current={data.current_page} last={data.last_page} />
            </>
          )
        }
      </QueryState>
    </>
  );
}
