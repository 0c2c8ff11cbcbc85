import type { AdminUserDetailDto } from '@elearn/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AppLink } from '@/components/app-link';
import { Table } from '@/components/ui/table';
import { usePageTitle } from '@/hooks/use-page-title';
import { personName, useAdminFormat } from '../format';
import { AccountActions } from './account-actions';
import { ScopeEditor } from './scope-editor';
import { ScopeTags, StatusTag, UserStatusTag } from './tags';
import '../admin.css';

/**
 * `/admin/users/{id}`: who it is, roles, account actions, companies, bookings and test results.
 * `privacy` is the privacy feature's panel (export, deletion), placed by the route that composes
 * both features.
 */
export function UserDetail({
  user,
  currentUserId,
  privacy,
}: {
  user: AdminUserDetailDto;
  currentUserId: number | null;
  privacy?: ReactNode;
}) {
  const { t } = useTranslation();
  const format = useAdminFormat();
  const name = personName(user);
  usePageTitle(t('admin.user.title', { name }));

  return (
    <article data-testid="admin-user" data-user-id={user.id}>
      <p className="mb-2">
        <AppLink to="/admin/users">{t('admin.user.back')}</AppLink>
      </p>
      <h1 className="title is-3" id="admin-page-title" data-testid="admin-user-name">
        {name}
      </h1>
      <p className="subtitle is-6">
        @{user.username} · <span className="admin-break">{user.email}</span>
      </p>
      <div className="tags mb-4">
        <UserStatusTag user={user} />
        <ScopeTags scopes={user.scopes} />
        {user.id === currentUserId ? (
          <span className="tag is-primary is-light">{t('admin.user.you')}</span>
        ) : null}
      </div>
      <p className="mb-5 has-text-grey">{t('admin.user.since', { date: format.date(user.created_at) })}</p>

      <div className="columns">
        <div className="column">
          <div className="box">
            <ScopeEditor user={user} currentUserId={currentUserId} />
          </div>
        </div>
        <div className="column">
          <div className="box">
            <AccountActions user={user} currentUserId={currentUserId} />
          </div>
          {privacy ? <div className="box">{privacy}</div> : null}
        </div>
      </div>

      <section className="mb-5" aria-labelledby="user-companies-title" data-testid="user-companies">
        <h2 className="title is-5" id="user-companies-title">
          {t('admin.user.companiesTitle')}
        </h2>
        {user.companies.length === 0 ? (
          <p className="has-text-grey">{t('admin.user.noCompanies')}</p>
        ) : (
          <ul>
            {user.companies.map((company) => (
              <li key={company.id}>
                <AppLink to={`/admin/companies/${company.id}`}>{company.name}</AppLink>{' '}
                <span className="has-text-grey">({company.shortName})</span>
                {company.manager ? (
                  <span className="tag is-info is-light ml-2">{t('admin.company.manager')}</span>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </section>

      <section className="mb-5" aria-labelledby="user-bookings-title" data-testid="user-bookings">
        <h2 className="title is-5" id="user-bookings-title">
          {t('admin.user.bookingsTitle')}
        </h2>
        {user.bookings.length === 0 ? (
          <p className="has-text-grey">{t('admin.user.noBookings')}</p>
        ) : (
          <Table
            headers={[
              t('admin.user.seminar'),
              t('admin.user.bookingStatus'),
              t('admin.user.price'),
              t('admin.user.date'),
            ]}
            labelledBy="user-bookings-title"
          >
            {user.bookings.map((booking) => (
              <tr key={booking.id} data-testid="user-booking">
                <td>
                  <AppLink to={`/seminar/id/${booking.seminar.id}`}>{booking.seminar.title}</AppLink>
                </td>
                <td>
                  <StatusTag status={booking.status} />
                </td>
                <td>{format.money(booking.price, booking.currency)}</td>
                <td>{format.date(booking.created_at)}</td>
              </tr>
            ))}
          </Table>
        )}
      </section>

      <section aria-labelledby="user-results-title" data-testid="user-results">
        <h2 className="title is-5" id="user-results-title">
          {t('admin.user.resultsTitle')}
        </h2>
        {user.test_results.length === 0 ? (
          <p className="has-text-grey">{t('admin.user.noResults')}</p>
        ) : (
          <Table
            headers={[
              t('admin.user.test'),
              t('admin.user.achieved'),
              t('admin.user.accomplished'),
              t('admin.user.confirmed'),
              t('admin.user.finished'),
            ]}
            labelledBy="user-results-title"
          >
            {user.test_results.map((result) => (
              <tr key={result.run_id} data-testid="user-result">
                <td>{result.mc_test.label}</td>
                <td>{format.percent(result.achievedPercent)}</td>
                <td>{result.accomp ? t('admin.yes') : t('admin.no')}</td>
                <td>{result.passed ? t('admin.yes') : t('admin.no')}</td>
                <td>{format.dateTime(result.stopped_at)}</td>
              </tr>
            ))}
          </Table>
        )}
      </section>
    </article>
  );
}
