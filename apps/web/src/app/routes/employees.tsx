import type { CompanyDto } from '@elearn/shared';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { QueryState } from '@/components/query-state';
import { EmptyState } from '@/components/ui/empty-state';
import { SearchBox } from '@/components/ui/search-box';
import { useCompanies } from '@/features/companies/api/get-companies';
import { useEmployees } from '@/features/companies/api/get-employees';
import { AddMemberForm } from '@/features/companies/components/add-member-form';
import { CompanySelect } from '@/features/companies/components/company-select';
import { EmployeeTable } from '@/features/companies/components/employee-table';
import { InvitationPanel } from '@/features/companies/components/invitation-panel';
import { MemberInvitationsList } from '@/features/companies/components/member-invitations-list';
import { useListParams } from '@/features/seminars/components/seminar-lists';
import { usePageTitle } from '@/hooks/use-page-title';
import { useCurrentUser } from '@/lib/auth';

function Employees({ company }: { company: CompanyDto }) {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const { page, q } = useListParams();
  const employees = useEmployees(company.id, { page, ...(q ? { q: q.slice(0, 100) } : {}) });
  return (
    <>
      <div className="columns">
        <div className="column is-7">
          <section className="box" data-testid="add-member">
            <AddMemberForm companyId={company.id} />
            <MemberInvitationsList companyId={company.id} />
          </section>
        </div>
        <div className="column">
          <InvitationPanel companyId={company.id} />
        </div>
      </div>
      <section aria-labelledby="employees-title" className="mt-5">
        <h2 className="title is-4" id="employees-title">
          {t('company.employees.listTitle', { company: company.name })}
        </h2>
        <SearchBox label={t('company.employees.search')} testId="employees-search" />
        <QueryState query={employees}>
          {(result) => (
            <EmployeeTable companyId={company.id} result={result} currentUserId={user?.id ?? null} q={q} />
          )}
        </QueryState>
      </section>
    </>
  );
}

/**
 * `/employees` (corporateTraining, admin): the employees of the managed company with their
 * seminars, progress and test results; add by e-mail, remove, and the invitation link.
 */
export default function EmployeesPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const companies = useCompanies();
  usePageTitle(t('company.employees.title'));
  return (
    <>
      <h1 className="title is-3">{t('company.employees.title')}</h1>
      <QueryState query={companies}>
        {(all) => {
          const managed = all.filter((company) => company.abilities.manage);
          if (managed.length === 0) {
            return (
              <EmptyState title={t('company.employees.noCompany')} testId="employees-no-company">
                <p>{t('company.employees.noCompanyText')}</p>
              </EmptyState>
            );
          }
          const wanted = Number(params.get('company'));
          const current = managed.find((company) => company.id === wanted) ?? managed[0]!;
          return (
            <>
              {managed.length > 1 ? (
                <CompanySelect
                  companies={managed}
                  current={current}
                  label={t('company.employees.company')}
                  testId="employees-company"
                  reset={['page', 'q']}
                />
              ) : (
                <p className="subtitle is-5" data-testid="employees-company-name">
                  {current.name}
                </p>
              )}
              <Employees key={current.id} company={current} />
            </>
          );
        }}
      </QueryState>
    </>
  );
}
