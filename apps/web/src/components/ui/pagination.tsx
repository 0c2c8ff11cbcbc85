import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';

/** The page numbers to show: first, last, and the neighbours of the current page. */
export function pageItems(current: number, last: number): (number | 'gap')[] {
  const pages = new Set([1, last, current - 1, current, current + 1].filter((p) => p >= 1 && p <= last));
  const sorted = [...pages].sort((a, b) => a - b);
  const items: (number | 'gap')[] = [];
  for (const [index, page] of sorted.entries()) {
    const before = sorted[index - 1];
    if (before !== undefined && page - before > 1) items.push('gap');
    items.push(page);
  }
  return items;
}

/** Bulma pagination; the page lives in the URL (`?page=`, other query parameters are kept). */
export function Pagination({ current, last }: { current: number; last: number }) {
  const { t } = useTranslation();
  const location = useLocation();
  if (last <= 1) return null;
  const hrefFor = (page: number) => {
    const params = new URLSearchParams(location.search);
    if (page === 1) params.delete('page');
    else params.set('page', String(page));
    const query = params.toString();
    return { pathname: location.pathname, search: query ? `?${query}` : '' };
  };
  return (
    <nav className="pagination is-centered mt-5" aria-label={t('pagination.label')} data-testid="pagination">
      {current > 1 ? (
        <Link className="pagination-previous" to={hrefFor(current - 1)} rel="prev">
          {t('pagination.previous')}
        </Link>
      ) : (
        <span className="pagination-previous is-disabled" aria-disabled="true">
          {t('pagination.previous')}
        </span>
      )}
      {current < last ? (
        <Link className="pagination-next" to={hrefFor(current + 1)} rel="next">
          {t('pagination.next')}
        </Link>
      ) : (
        <span className="pagination-next is-disabled" aria-disabled="true">
          {t('pagination.next')}
        </span>
      )}
      <ul className="pagination-list">
        {pageItems(current, last).map((item, index) =>
          item === 'gap' ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: gaps have no identity of their own
            <li key={`gap-${index}`}>
              <span className="pagination-ellipsis">&hellip;</span>
            </li>
          ) : (
            <li key={item}>
              <Link
                className={['pagination-link', item === current && 'is-current'].filter(Boolean).join(' ')}
                to={hrefFor(item)}
                aria-label={t('pagination.page', { page: item })}
                aria-current={item === current ? 'page' : undefined}
              >
                {item}
              </Link>
            </li>
          ),
        )}
      </ul>
    </nav>
  );
}
