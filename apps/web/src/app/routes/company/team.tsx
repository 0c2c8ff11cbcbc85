import type { CompanyDto } from '@elearn/shared';
import type { QueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { type Params, useParams } from 'react-router';
import { Notification } from '@/components/ui/notification';
import { companyByNameQueryOptions } from '@/features/companies/api/get-company-by-name';
import { seatPackagesQueryOptions } from '@/features/companies/api/get-seat-packages';
import { teamQueryOptions } from '@/features/companies/api/get-team';
import { CompanyGate } from '@/features/companies/components/company-gate';
import { CompanySeatPackages } from '@/features/companies/components/seat-packages-table';
import { TeamView, teamQueryOf } from '@/features/companies/components/team-view';
import { usePageTitle } from '@/hooks/use-page-title';
import { prefetchPageQuery } from '@/lib/page-prefetch';
import { checkName, companyName } from './params';

export const check = checkName;

/** The company and the page of its team the address asks for, before the page renders. */
export async function prefetch(queryClient: QueryClient, params: Params, url: URL): Promise<void> {
  const name = companyName(params);
  if (!name) return;
  await prefetchPageQuery(queryClient, companyByNameQueryOptions(name));
  const company = queryClient.getQueryData<CompanyDto>(companyByNameQueryOptions(name).queryKey);
  if (company?.abilities.manage) {
    await prefetchPageQuery(queryClient, teamQueryOptions(company.id, teamQueryOf(url.searchParams)));
    await prefetchPageQuery(queryClient, seatPackagesQueryOptions(company.id));
  }
}

function Team({ company }: { company: CompanyDto }) {
  const { t } = useTranslation();
  const title = t('company.team.title', { company: company.name });
  usePageTitle(title);
  if (!company.abilities.manage) {
    return (
      <Notification variant="warning" role="alert">
        <span data-testid="team-managers-only">{t('company.team.managersOnly')}</span>
      </Notification>
    );
  }
  return (
    <section data-testid="team-page" data-company-id={company.id}>
      <h1 className="title is-3">{title}</h1>
      <p className="mb-4">{t('company.team.intro')}</p>
      <TeamView company={company} />
      <h2 className="title is-4 mt-5" id="seats">
        {t('company.seats.title')}
      </h2>
      <CompanySeatPackages companyId={company.id} />
    </section>
  );
}

/**
 * `/company/{name}/team` (managers of the company, admins): the team view of issue 36 item 7,
 * rendered on the server with the page the address asks for.
 */
export default function CompanyTeamPage() {
  const name = companyName(useParams())!;
  return <CompanyGate name={name}>{(company) => <Team company={company} />}</CompanyGate>;
}
