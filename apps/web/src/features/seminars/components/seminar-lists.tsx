import type { SeminarDto } from '@elearn/shared';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { QueryState } from '@/components/query-state';
import { EmptyState } from '@/components/ui/empty-state';
import { Pagination } from '@/components/ui/pagination';
import { SearchBox } from '@/components/ui/search-box';
import { SEMINARS_PER_PAGE, useSeminars } from '../api/get-seminars';
import { SeminarCard, SeminarGrid, SeminarGridItem } from './seminar-card';

/** `page` and `q` of the address (page ≥ 1). */
export function useListParams(): { page: number; q: string } {
  const [params] = useSearchParams();
  const raw = Number(params.get('page') ?? '1');
  const page = Number.isInteger(raw) && raw >= 1 ? raw : 1;
  return { page, q: (params.get('q') ?? '').trim() };
}

interface CardsProps {
  seminars: SeminarDto[];
  cardTo: (seminar: SeminarDto) => string;
  showVisibility?: boolean;
  actions?: (seminar: SeminarDto) => ReactNode;
}

export function SeminarCards({ seminars, cardTo, showVisibility, actions }: CardsProps) {
  return (
    <SeminarGrid>
      {seminars.map((seminar) => (
        <SeminarGridItem key={seminar.id}>
          <SeminarCard
            seminar={seminar}
            to={cardTo(seminar)}
            showVisibility={showVisibility}
            actions={actions?.(seminar)}
          />
        </SeminarGridItem>
      ))}
    </SeminarGrid>
  );
}

function NoMatches({ q }: { q: string }) {
  const { t } = useTranslation();
  return <EmptyState title={t('seminar.list.noMatches', { q })} testId="seminar-list-no-matches" />;
}

/** The public seminars (`GET /api/seminars`): search and page in the URL. */
export function AllSeminarsList({
  cardTo,
  empty,
}: {
  cardTo: (seminar: SeminarDto) => string;
  empty: ReactNode;
}) {
  const { t } = useTranslation();
  const { page, q } = useListParams();
  const query = useSeminars({ page, q });
  return (
    <>
      <SearchBox label={t('seminar.list.search')} testId="seminar-search" />
      <QueryState query={query}>
        {(result) =>
          result.data.length === 0 && result.total > 0 ? (
            <EmptyState title={t('seminar.list.pageEmpty')} testId="seminar-list-page-empty">
              <Pagination current={result.current_page} last={result.last_page} />
            </EmptyState>
          ) : result.data.length === 0 ? (
            q ? (
              <NoMatches q={q} />
            ) : (
              empty
            )
          ) : (
            <>
              <p className="mb-3 has-text-grey" data-testid="seminar-list-total" aria-live="polite">
                {q
                  ? t('seminar.list.totalFor', { count: result.total, q })
                  : t('seminar.list.total', { count: result.total })}
              </p>
              <SeminarCards seminars={result.data} cardTo={cardTo} />
              <Pagination current={result.current_page} last={result.last_page} />
            </>
          )
        }
      </QueryState>
    </>
  );
}

/** Searches title and description like the server does (case-insensitive). */
export function matchesQuery(seminar: SeminarDto, q: string): boolean {
  if (!q) return true;
  const needle = q.toLocaleLowerCase();
  const text = `${seminar.title} ${seminar.description.replace(/<[^>]*>/g, ' ')}`.toLocaleLowerCase();
  return text.includes(needle);
}

/**
 * A list the server sends whole (own, booked, most booked): searched and paged here, with the
 * same `?q=` and `?page=` in the address as the public list.
 */
export function SeminarArrayList({
  query,
  empty,
  searchable = true,
  ...cards
}: Omit<CardsProps, 'seminars'> & {
  query: UseQueryResult<SeminarDto[]>;
  empty: ReactNode;
  searchable?: boolean;
}) {
  const { t } = useTranslation();
  const { page, q } = useListParams();
  return (
    <>
      {searchable ? <SearchBox label={t('seminar.list.search')} testId="seminar-search" /> : null}
      <QueryState query={query}>
        {(all) => {
          if (all.length === 0) return empty;
          const found = all.filter((seminar) => matchesQuery(seminar, q));
          if (found.length === 0) return <NoMatches q={q} />;
          const last = Math.max(1, Math.ceil(found.length / SEMINARS_PER_PAGE));
          const current = Math.min(page, last);
          const shown = found.slice((current - 1) * SEMINARS_PER_PAGE, current * SEMINARS_PER_PAGE);
          return (
            <>
              <p className="mb-3 has-text-grey" data-testid="seminar-list-total" aria-live="polite">
                {q
                  ? t('seminar.list.totalFor', { count: found.length, q })
                  : t('seminar.list.total', { count: found.length })}
              </p>
              <SeminarCards seminars={shown} {...cards} />
              <Pagination current={current} last={last} />
            </>
          );
        }}
      </QueryState>
    </>
  );
}
