import type { CompanyDto } from '@elearn/shared';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { AppLink } from '@/components/app-link';
import { ButtonLink } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import {
  type CompanyBookedSeminar,
  useCompanyBookedSeminars,
} from '@/features/companies/api/get-company-bookings';
import { CompanyGate } from '@/features/companies/components/company-gate';
import { companyPaths, seesOnlyBooked } from '@/features/companies/tabs';
import { SeminarArrayList } from '@/features/seminars/components/seminar-lists';
import { usePageTitle } from '@/hooks/use-page-title';
import { useCurrentUser } from '@/lib/auth';
import { checkName, companyName } from './params';

export const check = checkName;
export { prefetchCompany as prefetch } from './params';

function ManagerActions({ seminar }: { seminar: CompanyBookedSeminar }) {
  const { t } = useTranslation();
  return (
    <>
      <span className="card-footer-item is-size-7" data-testid="company-booked-assigned">
        {t('company.booked.assignedCount', { count: seminar.company_booking.assigned_count })}
      </span>
      <AppLink
        to={companyPaths.assign(seminar.id)}
        className="card-footer-item"
        data-testid="company-seminar-assign"
      >
        {t('company.booking.assign')}
      </AppLink>
    </>
  );
}

function Booked({ company }: { company: CompanyDto }) {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const manages = company.abilities.manage;
  const title = t('company.booked.title', { company: company.name });
  usePageTitle(title);
  const query = useCompanyBookedSeminars(company.id);
  return (
    <>
      <h1 className="title is-3">{title}</h1>
      <p className="mb-4">{manages ? t('company.booked.introManager') : t('company.booked.introEmployee')}</p>
      <SeminarArrayList
        query={query}
        cardTo={(seminar) => companyPaths.seminar(company.shortName, seminar.id)}
        actions={
          manages ? (seminar) => <ManagerActions seminar={seminar as CompanyBookedSeminar} /> : undefined
        }
        empty={
          <EmptyState title={t('company.booked.empty')} testId="company-booked-empty">
            {manages && user && !seesOnlyBooked(user) ? (
              <ButtonLink to="/seminar" variant="primary">
                {t('company.booked.browse')}
              </ButtonLink>
            ) : (
              <p>{t('company.booked.emptyEmployee')}</p>
            )}
          </EmptyState>
        }
      />
    </>
  );
}

/**
 * `/company/{name}/seminar/booked`: the company's bookings; managers see how many employees are
 * assigned and go on to assign, employees see the seminars they are assigned to.
 */
export default function CompanyBookedPage() {
  const name = companyName(useParams())!;
  return <CompanyGate name={name}>{(company) => <Booked company={company} />}</CompanyGate>;
}
