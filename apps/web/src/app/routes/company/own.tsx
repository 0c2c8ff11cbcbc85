import type { CompanyDto } from '@elearn/shared';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { AppLink } from '@/components/app-link';
import { ButtonLink } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { CompanyGate } from '@/features/companies/components/company-gate';
import { companyPaths } from '@/features/companies/tabs';
import { ownedSeminarsQueryOptions } from '@/features/seminars/api/get-owned-seminars';
import { PublicToggle } from '@/features/seminars/components/public-toggle';
import { SeminarArrayList } from '@/features/seminars/components/seminar-lists';
import { usePageTitle } from '@/hooks/use-page-title';
import { checkName, companyName } from './params';

export const check = checkName;
export { prefetchCompany as prefetch } from './params';

function OwnCompanySeminars({ company }: { company: CompanyDto }) {
  const { t } = useTranslation();
  const title = t('company.own.title', { company: company.name });
  usePageTitle(title);
  const query = useQuery({
    ...ownedSeminarsQueryOptions(),
    select: (seminars) => seminars.filter((s) => s.isCompany && s.company_id === company.id),
  });
  return (
    <>
      <div className="is-flex is-justify-content-space-between is-align-items-baseline is-flex-wrap-wrap mb-4">
        <h1 className="title is-3 mb-2">{title}</h1>
        <ButtonLink
          to={companyPaths.newSeminar(company.shortName)}
          variant="primary"
          data-testid="company-own-new"
        >
          {t('company.overview.newSeminar')}
        </ButtonLink>
      </div>
      <SeminarArrayList
        query={query}
        showVisibility
        cardTo={(seminar) => `/seminar/id/${seminar.id}`}
        actions={(seminar) => (
          <>
            <span className="card-footer-item">
              <PublicToggle seminar={seminar} size="small" />
            </span>
            <AppLink to={companyPaths.assign(seminar.id)} className="card-footer-item">
              {t('seminar.side.assignUsers')}
            </AppLink>
          </>
        )}
        empty={
          <EmptyState title={t('company.own.empty', { company: company.name })} testId="company-own-empty">
            <ButtonLink to={companyPaths.newSeminar(company.shortName)} variant="primary">
              {t('company.overview.newSeminar')}
            </ButtonLink>
          </EmptyState>
        }
      />
    </>
  );
}

/** `/company/{name}/seminar/own` (trainer, admin): the company seminars the caller made for it. */
export default function CompanyOwnPage() {
  const name = companyName(useParams())!;
  return <CompanyGate name={name}>{(company) => <OwnCompanySeminars company={company} />}</CompanyGate>;
}
