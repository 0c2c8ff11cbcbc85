import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { AppLink } from '@/components/app-link';
import { QueryState } from '@/components/query-state';
import { EmptyState } from '@/components/ui/empty-state';
import { Pagination } from '@/components/ui/pagination';
import { Table } from '@/components/ui/table';
import { useAdminCompanies } from '../api/get-admin-companies';
import { useAdminUsers } from '../api/get-admin-users';
import {
  activeFilterCount,
  readListQuery,
  USER_FILTERS,
  USER_SCOPE_FILTERS,
  USER_STATUSES,
} from '../filters';
import { personName, useAdminFormat } from '../format';
import { FilterForm } from './filter-form';
import { ScopeTags, UserStatusTag } from './tags';
import '../admin.css';

/** companies offered in the company filter (the largest page the API gives) */
const COMPANY_OPTIONS = 100;

/** `/admin/users`: search, filters (scope, company, status) and one page of users. */
export function UsersList() {
  const { t } = useTranslation();
  const format = useAdminFormat();
  const [params] = useSearchParams();
  const query = readListQuery(USER_FILTERS, params);
  const users = useAdminUsers(query);
  const companies = useAdminCompanies({ page: 1, per_page: COMPANY_OPTIONS });
  const filtered = activeFilterCount(USER_FILTERS, params) > 0;

  return (
    <>
      <FilterForm
        spec={USER_FILTERS}
        testId="user-filters"
        fields={[
          {
            name: 'q',
            kind: 'search',
            label: t('admin.users.search'),
            placeholder: t('admin.users.searchHint'),
          },
          {
            name: 'scope',
            kind: 'select',
            label: t('admin.users.scope'),
            anyLabel: t('admin.filters.any'),
            options: USER_SCOPE_FILTERS.map((scope) => ({ value: scope, label: t(`admin.scopes.${scope}`) })),
          },
          {
            name: 'company_id',
            kind: 'select',
            label: t('admin.users.company'),
            anyLabel: t('admin.filters.any'),
            options: (companies.data?.data ?? []).map((company) => ({
              value: String(company.id),
              label: company.name,
            })),
          },
          {
            name: 'status',
            kind: 'select',
            label: t('admin.users.status'),
            anyLabel: t('admin.filters.any'),
            options: USER_STATUSES.map((status) => ({
              value: status,
              label: t(`admin.userStatus.${status}`),
            })),
          },
        ]}
      />
      <QueryState query={users}>
        {(result) =>
          result.total === 0 ? (
            <EmptyState
              title={filtered ? t('admin.users.noMatch') : t('admin.users.empty')}
              testId="users-empty"
            />
          ) : (
            <>
              <p className="mb-3 has-text-grey" data-testid="users-total">
                {t('admin.users.total', { count: result.total })}
              </p>
              <Table
                headers={[
                  t('admin.users.name'),
                  t('admin.users.email'),
                  t('admin.users.scopes'),
                  t('admin.users.companies'),
                  t('admin.users.status'),
                  t('admin.users.since'),
                ]}
                labelledBy="admin-page-title"
                testId="users-table"
              >
                {result.data.map((user) => (
                  <tr key={user.id} data-testid="user-row" data-user-id={user.id}>
                    <td>
                      <AppLink to={`/admin/users/${user.id}`} data-testid="user-link">
                        {personName(user)}
                      </AppLink>
                      <br />
                      <span className="is-size-7 has-text-grey">@{user.username}</span>
                    </td>
                    <td className="admin-break">{user.email}</td>
                    <td>
                      <ScopeTags scopes={user.scopes} />
                    </td>
                    <td>
                      {user.companies.length === 0
                        ? '—'
                        : user.companies.map((company, index) => (
                            <span key={company.id}>
                              {index > 0 ? ', ' : null}
                              <AppLink to={`/admin/companies/${company.id}`}>{company.name}</AppLink>
                            </span>
                          ))}
                    </td>
                    <td>
                      <UserStatusTag user={user} />
                    </td>
                    <td>{format.date(user.created_at)}</td>
                  </tr>
                ))}
              </Table>
              <Pagination current={result.current_page} last={result.last_page} />
            </>
          )
        }
      </QueryState>
    </>
  );
}
