import type { CompanyDto } from '@elearn/shared';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ButtonLink } from '@/components/ui/button';
import { CompanyGate } from '@/features/companies/components/company-gate';
import { companyPaths, seesOnlyBooked } from '@/features/companies/tabs';
import { CompanyAddressForm } from '@/features/invoices/components/company-address-form';
import { usePageTitle } from '@/hooks/use-page-title';
import { isOwnerRole, useCurrentUser } from '@/lib/auth';
import { checkName, companyName } from './params';

export const check = checkName;
export { prefetchCompany as prefetch } from './params';

function Overview({ company }: { company: CompanyDto }) {
  const { t } = useTranslation();
  const user = useCurrentUser();
  usePageTitle(company.name);
  const manages = company.abilities.manage;
  return (
    <section data-testid="company-overview" data-company-id={company.id}>
      <h1 className="title is-3" data-testid="company-name">
        {company.name}
      </h1>
      <p className="subtitle is-6">
        {t('company.overview.members', { count: company.members_count })}
        {company.manager ? ` · ${t('company.overview.youManage')}` : ''}
      </p>
      <div className="buttons">
        {user && seesOnlyBooked(user) ? null : (
          <ButtonLink
            to={companyPaths.seminars(company.shortName)}
            variant="primary"
            data-testid="company-to-seminars"
          >
            {t('company.overview.seminars')}
          </ButtonLink>
        )}
        <ButtonLink
          to={companyPaths.booked(company.shortName)}
          variant="light"
          data-testid="company-to-booked"
        >
          {t('company.overview.booked')}
        </ButtonLink>
        {isOwnerRole(user) ? (
          <ButtonLink to={companyPaths.newSeminar(company.shortName)} variant="light">
            {t('company.overview.newSeminar')}
          </ButtonLink>
        ) : null}
        {manages ? (
          <>
            <ButtonLink
              to={companyPaths.team(company.shortName)}
              variant="light"
              data-testid="company-to-team"
            >
              {t('company.overview.team')}
            </ButtonLink>
            <ButtonLink
              to={`/employees?company=${company.id}`}
              variant="light"
              data-testid="company-to-employees"
            >
              {t('company.overview.employees')}
            </ButtonLink>
            <ButtonLink to="/seminar/tempList" variant="light">
              {t('company.overview.links')}
            </ButtonLink>
          </>
        ) : null}
      </div>
      {/* the postal address on the company's invoices (issue 38): its managers */}
      {manages ? <CompanyAddressForm companyId={company.id} /> : null}
    </section>
  );
}

/** `/company/{name}`: the company with the way to its seminars (and, for managers, employees). */
export default function CompanyPage() {
  const name = companyName(useParams())!;
  return <CompanyGate name={name}>{(company) => <Overview company={company} />}</CompanyGate>;
}
