import type { CompanyDto, TeamPage, TeamRow } from '@elearn/shared';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearchParams } from 'react-router';
import { AppLink } from '@/components/app-link';
import { DueState } from '@/components/due-state';
import { QueryState } from '@/components/query-state';
import { ButtonLink } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Table } from '@/components/ui/table';
import { useLocale } from '@/hooks/use-locale';
import { apiUrl } from '@/lib/api-client';
import { formatDateTime, formatPercent } from '@/lib/format';
import { useCompanyBookedSeminars } from '../api/get-company-bookings';
import { useTeam } from '../api/get-team';
import { companyPaths } from '../tabs';
import { RemindButton } from './remind-button';
import { TEAM_FILTERS, TeamFilters } from './team-filters';
import '../companies.css';

export const TEAM_PER_PAGE = 20;

/** the API query of the page's address: filters, the page's cursor, 20 per page */
export function teamQueryOf(params: URLSearchParams): string {
  const q = new URLSearchParams();
  const seminar = params.get('seminar');
  if (seminar && /^\d+$/.test(seminar)) q.set('seminar_id', seminar);
  const state = params.get('state');
  if (state) q.set('state', state);
  const search = params.get('q')?.trim();
  if (search) q.set('q', search);
  const after = params.get('after');
  const before = params.get('before');
  if (after) q.set('after', after);
  else if (before) q.set('before', before);
  else if (params.get('last') === '1') q.set('last', '1');
  q.set('per_page', String(TEAM_PER_PAGE));
  return q.toString();
}

function Row({ companyId, row }: { companyId: number; row: TeamRow }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const name = `${row.user.first_name} ${row.user.last_name}`.trim();
  return (
    <tr
      data-testid="team-row"
      data-user-id={row.user.id}
      data-seminar-id={row.seminar.id}
      data-state={row.state}
    >
      <td>
        {name}
        <br />
        <a className="is-size-7" href={`mailto:${row.user.email}`}>
          {row.user.email}
        </a>
      </td>
      <td>{row.seminar.title}</td>
      <td data-testid="team-percent">
        <progress
          className="progress is-small is-success mb-1"
          value={row.percent}
          max={100}
          aria-label={t('company.team.progressOf', { name, title: row.seminar.title })}
        />
        <span className="is-size-7">{formatPercent(row.percent, locale)}</span>
      </td>
      <td>
        {row.last_activity ? (
          <time dateTime={row.last_activity}>{formatDateTime(row.last_activity, locale)}</time>
        ) : (
          '–'
        )}
      </td>
      <td data-testid="team-best">
        {row.best_result === null ? '–' : formatPercent(Math.round(row.best_result), locale)}
      </td>
      <td data-testid="team-certificate">
        {row.certificate ? (
          row.certificate.revoked_at ? (
            <span className="tag is-danger is-light">{t('company.team.certificateRevoked')}</span>
          ) : (
            <AppLink to={`/certificate/${encodeURIComponent(row.certificate.code)}`}>
              {t('company.team.certificate')}
            </AppLink>
          )
        ) : (
          '–'
        )}
      </td>
      <td data-testid="team-state">
        <DueState state={row.state} dueDate={row.due_date} />
      </td>
      <td className="has-text-right">
        {row.state !== 'done' ? (
          <RemindButton companyId={companyId} userId={row.user.id} seminarId={row.seminar.id} name={name} />
        ) : null}
      </td>
    </tr>
  );
}

/** First, previous, next and last page by keyset cursors in the address (`after`, `before`, `last`). */
function TeamPaging({ page }: { page: TeamPage }) {
  const { t } = useTranslation();
  const location = useLocation();
  const [params] = useSearchParams();
  const to = (set: Record<string, string> | null) => {
    const next = new URLSearchParams();
    for (const name of TEAM_FILTERS) {
      const value = params.get(name);
      if (value) next.set(name, value);
    }
    for (const [k, v] of Object.entries(set ?? {})) next.set(k, v);
    const query = next.toString();
    return { pathname: location.pathname, search: query ? `?${query}` : '' };
  };
  if (!page.next && !page.prev) return null;
  const link = (label: string, target: ReturnType<typeof to> | null, testId: string, rel?: string) =>
    target ? (
      <AppLink className="pagination-link" to={target} rel={rel} data-testid={testId}>
        {label}
      </AppLink>
    ) : (
      <span className="pagination-link is-disabled" aria-disabled="true" data-testid={testId}>
        {label}
      </span>
    );
  return (
    <nav className="pagination is-centered mt-5" aria-label={t('pagination.label')} data-testid="team-paging">
      <ul className="pagination-list">
        <li>{link(t('company.team.first'), page.prev ? to(null) : null, 'team-first')}</li>
        <li>
          {link(t('pagination.previous'), page.prev ? to({ before: page.prev }) : null, 'team-prev', 'prev')}
        </li>
        <li>
          {link(t('pagination.next'), page.next ? to({ after: page.next }) : null, 'team-next', 'next')}
        </li>
        <li>{link(t('company.team.last'), page.next ? to({ last: '1' }) : null, 'team-last')}</li>
      </ul>
    </nav>
  );
}

/**
 * The company's team (issue 36 item 7): per employee and seminar the progress, last activity,
 * best test result, certificate, due date and state; filters and page in the address; the Excel
 * export of everything the filters match; "Erinnern" per row that is not done.
 */
export function TeamView({ company }: { company: CompanyDto }) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const query = teamQueryOf(params);
  const team = useTeam(company.id, query);
  const seminars = useCompanyBookedSeminars(company.id);
  const filtered = TEAM_FILTERS.some((name) => params.get(name));
  const exportQuery = new URLSearchParams(query);
  for (const name of ['after', 'before', 'last', 'per_page']) exportQuery.delete(name);
  const exportHref = apiUrl(
    `/api/companies/${company.id}/team/export${exportQuery.size ? `?${exportQuery.toString()}` : ''}`,
  );
  return (
    <>
      <TeamFilters seminars={(seminars.data ?? []).map((s) => ({ id: s.id, title: s.title }))} />
      <QueryState query={team}>
        {(page) =>
          page.total === 0 ? (
            <EmptyState
              title={filtered ? t('company.team.noMatches') : t('company.team.empty')}
              testId="team-empty"
            >
              {filtered ? null : (
                <>
                  <p>{t('company.team.emptyText')}</p>
                  <ButtonLink to={companyPaths.booked(company.shortName)} variant="primary">
                    {t('company.team.toBooked')}
                  </ButtonLink>
                </>
              )}
            </EmptyState>
          ) : (
            <section aria-labelledby="team-table-title">
              <div className="level mb-3">
                <div className="level-left">
                  <h2 className="title is-5 mb-0" id="team-table-title">
                    {t('company.team.tableTitle')}
                    <span className="tag is-light ml-2" data-testid="team-total">
                      {page.total}
                    </span>
                  </h2>
                </div>
                <div className="level-right">
                  <a
                    className="button is-link is-outlined"
                    href={exportHref}
                    download
                    data-testid="team-export"
                  >
                    {t('company.team.export')}
                  </a>
                </div>
              </div>
              <Table
                labelledBy="team-table-title"
                testId="team-table"
                cards={{ top: [0, 6] }}
                headers={[
                  t('company.team.name'),
                  t('company.team.seminar'),
                  t('company.team.progress'),
                  t('company.team.lastActivity'),
                  t('company.team.bestResult'),
                  t('company.team.certificateColumn'),
                  t('dueState.label'),
                  <span key="actions" className="is-sr-only">
                    {t('company.employees.actions')}
                  </span>,
                ]}
              >
                {page.data.map((row) => (
                  <Row key={`${row.user.id}-${row.seminar.id}`} companyId={company.id} row={row} />
                ))}
              </Table>
              <TeamPaging page={page} />
            </section>
          )
        }
      </QueryState>
    </>
  );
}
