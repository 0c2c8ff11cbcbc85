import type { CompanyDto, CompanySeminarDto } from '@elearn/shared';
import { useTranslation } from 'react-i18next';
import { Navigate, useParams } from 'react-router';
import { AppLink } from '@/components/app-link';
import { EmptyState } from '@/components/ui/empty-state';
import { useCompanySeminars } from '@/features/companies/api/get-company-seminars';
import { GRANTING_STATUSES } from '@/features/companies/components/company-booking-panel';
import { CompanyGate } from '@/features/companies/components/company-gate';
import { companyPaths, seesOnlyBooked } from '@/features/companies/tabs';
import { SeminarArrayList } from '@/features/seminars/components/seminar-lists';
import { useLocalizePath } from '@/hooks/use-locale';
import { usePageTitle } from '@/hooks/use-page-title';
import { isOwnerRole, useCurrentUser } from '@/lib/auth';
import { checkName, companyName } from './params';

export const check = checkName;
export { prefetchCompany as prefetch } from './params';

function CardActions({ company, seminar }: { company: CompanyDto; seminar: CompanySeminarDto }) {
  const { t } = useTranslation();
  const booking = seminar.company_booking;
  const granted = !!booking && GRANTING_STATUSES.has(booking.status);
  const manages = company.abilities.manage;
  return (
    <>
      <span className="card-footer-item is-size-7" data-testid="company-seminar-state">
        {granted
          ? t('company.seminars.bookedByCompany')
          : booking
            ? t('company.seminars.bookingStatus', {
                status: t(`company.status.${booking.status}`, { defaultValue: booking.status }),
              })
            : t('company.seminars.notBooked')}
      </span>
      {manages && granted ? (
        <AppLink
          to={companyPaths.assign(seminar.id)}
          className="card-footer-item"
          data-testid="company-seminar-assign"
        >
          {t('company.booking.assign')}
        </AppLink>
      ) : null}
      {manages && !booking && !seminar.abilities.edit ? (
        <AppLink
          to={`/seminar/booking/${seminar.id}`}
          className="card-footer-item"
          data-testid="company-seminar-book"
        >
          {t('company.seminars.book')}
        </AppLink>
      ) : null}
    </>
  );
}

function CompanySeminars({ company }: { company: CompanyDto }) {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const title = isOwnerRole(user)
    ? t('company.seminars.bookableTitle', { company: company.name })
    : t('company.seminars.title', { company: company.name });
  usePageTitle(title);
  const query = useCompanySeminars(company.id);
  return (
    <>
      <h1 className="title is-3">{title}</h1>
      <p className="mb-4">{t('company.seminars.intro')}</p>
      <SeminarArrayList
        query={query}
        cardTo={(seminar) => companyPaths.seminar(company.shortName, seminar.id)}
        actions={(seminar) => <CardActions company={company} seminar={seminar as CompanySeminarDto} />}
        empty={
          <EmptyState title={t('company.seminars.empty')} testId="company-seminars-empty">
            <p>{t('company.seminars.emptyText')}</p>
          </EmptyState>
        }
      />
    </>
  );
}

/**
 * `/company/{name}/seminar`: the company seminars made for the company and the seminars it
 * booked. Students of the company have only the "booked" tab (spec section 2) and go there.
 */
export default function CompanySeminarsPage() {
  const name = companyName(useParams())!;
  const user = useCurrentUser();
  const localize = useLocalizePath();
  if (user && seesOnlyBooked(user)) return <Navigate to={localize(companyPaths.booked(name))} replace />;
  return <CompanyGate name={name}>{(company) => <CompanySeminars company={company} />}</CompanyGate>;
}
