import type { CompanyDto, SeminarDto } from '@elearn/shared';
import type { QueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { type Params, useParams } from 'react-router';
import { AppLink } from '@/components/app-link';
import { QueryState } from '@/components/query-state';
import { ButtonLink } from '@/components/ui/button';
import { Notification } from '@/components/ui/notification';
import { useSideMenu } from '@/features/chapters/api/get-side-menu';
import { chapterPaths } from '@/features/chapters/components/chapter-side-menu';
import { CompanyBookingPanel } from '@/features/companies/components/company-booking-panel';
import { CompanyGate } from '@/features/companies/components/company-gate';
import { companyPaths } from '@/features/companies/tabs';
import { seminarQueryOptions, useSeminar } from '@/features/seminars/api/get-seminar';
import { SeminarDetails } from '@/features/seminars/components/seminar-details';
import { usePageTitle } from '@/hooks/use-page-title';
import { idParam } from '@/lib/current-ids';
import { prefetchPageQuery } from '@/lib/page-prefetch';
import { checkName, companyName, prefetchCompany } from './params';

export const check = (params: Params) => checkName(params) && idParam(params.id) !== null;

/** The company and the seminar before the page renders (the seminar's title is the page's). */
export async function prefetch(queryClient: QueryClient, params: Params): Promise<void> {
  await Promise.all([
    prefetchCompany(queryClient, params),
    prefetchPageQuery(queryClient, seminarQueryOptions(idParam(params.id) ?? 0)),
  ]);
}

function StartButton({ seminar }: { seminar: SeminarDto }) {
  const { t } = useTranslation();
  const menu = useSideMenu(seminar.id);
  const first = menu.data?.[0];
  if (!first) return null;
  return (
    <ButtonLink to={chapterPaths.play(seminar.id, first.id)} variant="primary" data-testid="seminar-start">
      {seminar.abilities.edit ? t('seminar.preview') : t('seminar.start')}
    </ButtonLink>
  );
}

function CompanySeminar({ company, seminar }: { company: CompanyDto; seminar: SeminarDto }) {
  const { t } = useTranslation();
  usePageTitle(seminar.title);
  const { edit, play, booked } = seminar.abilities;
  const canPlay = edit || play || booked;
  return (
    <>
      <p className="mb-3">
        <AppLink to={companyPaths.booked(company.shortName)}>
          ← {t('company.seminar.back', { company: company.name })}
        </AppLink>
      </p>
      <SeminarDetails
        seminar={seminar}
        actions={
          <>
            {canPlay ? <StartButton seminar={seminar} /> : null}
            {edit ? (
              <ButtonLink
                to={`/seminar/id/${seminar.id}`}
                variant="light"
                data-testid="company-seminar-manage"
              >
                {t('company.seminar.manage')}
              </ButtonLink>
            ) : null}
          </>
        }
      />
      {!canPlay && !company.manager ? (
        <Notification variant="info" role="status">
          <span data-testid="company-seminar-not-assigned">{t('company.seminar.notAssigned')}</span>
        </Notification>
      ) : null}
      <CompanyBookingPanel seminar={seminar} />
    </>
  );
}

/** `/company/{name}/seminar/{id}`: a seminar of the company; employees start it, managers book and assign. */
export default function CompanySeminarPage() {
  const params = useParams();
  const name = companyName(params)!;
  const id = idParam(params.id)!;
  const query = useSeminar(id);
  return (
    <CompanyGate name={name}>
      {(company) => (
        <QueryState query={query} notFoundOn404>
          {(seminar) => <CompanySeminar company={company} seminar={seminar} />}
        </QueryState>
      )}
    </CompanyGate>
  );
}
