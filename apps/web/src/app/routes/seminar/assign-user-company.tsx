import type { CompanyDto, SeminarDto } from '@elearn/shared';
import type { QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { type Params, useParams, useSearchParams } from 'react-router';
import { AppLink } from '@/components/app-link';
import { PageLoader } from '@/components/layout/page-loader';
import { QueryError, QueryState } from '@/components/query-state';
import { Notification } from '@/components/ui/notification';
import { useCompanies } from '@/features/companies/api/get-companies';
import { useEmployees } from '@/features/companies/api/get-employees';
import { useSeminarAssignments } from '@/features/companies/api/get-seminar-assignments';
import { type SeminarCompanyRow, useSeminarCompanies } from '@/features/companies/api/get-seminar-companies';
import { ASSIGN_PER_PAGE, AssignEmployees } from '@/features/companies/components/assign-employees';
import { AssignmentsOverview } from '@/features/companies/components/assignments-overview';
import {
  CompanyBookingPanel,
  GRANTING_STATUSES,
} from '@/features/companies/components/company-booking-panel';
import { CompanySelect } from '@/features/companies/components/company-select';
import { LearnerProgress } from '@/features/progress/components/learner-progress';
import { seminarQueryOptions, useSeminar } from '@/features/seminars/api/get-seminar';
import { useListParams } from '@/features/seminars/components/seminar-lists';
import { usePageTitle } from '@/hooks/use-page-title';
import { idParam } from '@/lib/current-ids';
import { prefetchPageQuery } from '@/lib/page-prefetch';

export const check = (params: Params) => idParam(params.sid) !== null;

/** The seminar before the page renders (the server renders it, its title included). */
export const prefetch = (queryClient: QueryClient, params: Params) =>
  prefetchPageQuery(queryClient, seminarQueryOptions(idParam(params.sid) ?? 0));

function ForCompany({
  seminar,
  company,
  row,
}: {
  seminar: SeminarDto;
  company: CompanyDto;
  row: SeminarCompanyRow | undefined;
}) {
  const { t } = useTranslation();
  const granted = !!row && GRANTING_STATUSES.has(row.status);
  const { page, q } = useListParams();
  const employees = useEmployees(granted ? company.id : null, {
    page,
    per_page: ASSIGN_PER_PAGE,
    ...(q ? { q: q.slice(0, 100) } : {}),
  });
  // the assignments of the employees shown (issue 39: not every assignment of the seminar)
  const shownIds = (employees.data?.data ?? []).map((employee) => employee.id);
  const assignments = useSeminarAssignments(
    seminar.id,
    { page: 1, per_page: ASSIGN_PER_PAGE, company_id: company.id, users: shownIds.join(',') },
    granted && shownIds.length > 0,
  );
  if (!granted) {
    return (
      <>
        <Notification variant="warning" role="status">
          <span data-testid="assign-not-booked">
            {t('company.assign.notBooked', { company: company.name })}
          </span>
        </Notification>
        <CompanyBookingPanel seminar={seminar} />
      </>
    );
  }
  return (
    <QueryState query={employees}>
      {(result) =>
        // one AssignEmployees whatever the page shows, so that its selection stays; the
        // assignments of a later page replace the previous ones when they come
        result.data.length > 0 && !assignments.data ? (
          <QueryState query={assignments}>{() => null}</QueryState>
        ) : (
          <AssignEmployees
            seminarId={seminar.id}
            seminarTitle={seminar.title}
            companyId={company.id}
            result={result}
            q={q}
            assignments={result.data.length === 0 ? [] : (assignments.data?.data ?? [])}
          />
        )
      }
    </QueryState>
  );
}

function AssignPage({ seminar }: { seminar: SeminarDto }) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const companies = useCompanies();
  const rows = useSeminarCompanies(seminar.id);
  const owner = seminar.abilities.edit;
  const { page } = useListParams();
  const assignments = useSeminarAssignments(seminar.id, { page }, owner);
  usePageTitle(t('company.assign.title'));

  if (companies.isPending || rows.isPending) return <PageLoader />;
  if (companies.isError)
    return <QueryError error={companies.error} onRetry={() => void companies.refetch()} />;
  const all = companies.data ?? [];
  const managed = all
    .filter((company) => company.abilities.manage)
    .filter((company) => !seminar.isCompany || company.id === seminar.company_id);
  const bookings = rows.data ?? [];

  let body: ReactNode;
  if (managed.length > 0) {
    const wanted = Number(params.get('company'));
    const current =
      managed.find((company) => company.id === wanted) ??
      managed.find((company) => bookings.some((row) => row.company.id === company.id)) ??
      managed[0]!;
    body = (
      <>
        {managed.length > 1 ? (
          <CompanySelect
            companies={managed}
            current={current}
            label={t('company.assign.company')}
            testId="assign-company"
            reset={['page', 'q']}
          />
        ) : null}
        <ForCompany
          key={current.id}
          seminar={seminar}
          company={current}
          row={bookings.find((row) => row.company.id === current.id)}
        />
      </>
    );
  } else if (owner) {
    body = (
      <QueryState query={assignments}>
        {(result) => <AssignmentsOverview companies={bookings} assignments={result} />}
      </QueryState>
    );
  } else {
    body = (
      <Notification variant="warning" role="alert">
        <span data-testid="assign-forbidden">{t('company.assign.forbidden')}</span>
      </Notification>
    );
  }

  return (
    <section data-testid="assign-page">
      <h1 className="title is-3">{t('company.assign.title')}</h1>
      <p className="subtitle is-5">
        <AppLink to={`/seminar/id/${seminar.id}`} data-testid="assign-seminar-title">
          {seminar.title}
        </AppLink>
      </p>
      {body}
      {managed.length > 0 && !owner ? (
        // the company's employees and how far they are (issue 16)
        <LearnerProgress seminarId={seminar.id} title={seminar.title} canRevoke={false} />
      ) : null}
    </section>
  );
}

/**
 * `/seminar/id/{sid}/assign-user-company`: a company manager assigns and unassigns the company's
 * employees (search, multi-select) and creates access links; the seminar's owner sees the
 * companies and assignments.
 */
export default function AssignUserCompanyPage() {
  const sid = idParam(useParams().sid)!;
  const query = useSeminar(sid);
  return (
    <QueryState query={query} notFoundOn404>
      {(seminar) => <AssignPage seminar={seminar} />}
    </QueryState>
  );
}
