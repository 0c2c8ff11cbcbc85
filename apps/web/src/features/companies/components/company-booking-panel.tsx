import type { CompanyDto, SeminarDto } from '@elearn/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, ButtonLink } from '@/components/ui/button';
import { Notification } from '@/components/ui/notification';
import { useGoTo } from '@/hooks/use-go-to';
import { isApiError } from '@/lib/api-client';
import { hasScope, useCurrentUser } from '@/lib/auth';
import { notify } from '@/lib/notifications';
import { useBookCompanyFree } from '../api/book-company-free';
import { useBookCompanyNow } from '../api/book-company-now';
import { useCompanies } from '../api/get-companies';
import { type SeminarCompanyRow, useSeminarCompanies } from '../api/get-seminar-companies';
import { companyPaths } from '../tabs';
import { BuyByInvoice } from './buy-by-invoice';
import { CompanySeatPackages } from './seat-packages-table';
import { SeatPurchaseForm } from './seat-purchase-form';

/**
 * Booking statuses under which managers assign employees (docs/api/companies.md): the seminar is
 * granted (`free`, `paid`) or the company holds seat packages of it (`seats`, issue 38 item 4).
 */
export const GRANTING_STATUSES = new Set(['free', 'paid', 'seats']);

function CompanyRow({
  seminar,
  company,
  row,
}: {
  seminar: SeminarDto;
  company: CompanyDto;
  row: SeminarCompanyRow | undefined;
}) {
  const { t } = useTranslation();
  const book = useBookCompanyFree();
  const buy = useBookCompanyNow();
  const goTo = useGoTo();
  const [error, setError] = useState<string | null>(null);
  const [leaving, setLeaving] = useState(false);
  const [reference, setReference] = useState('');
  // a voucher code for the card checkout and by invoice (issue 38 item 5): checked when buying
  const [voucher, setVoucher] = useState('');
  const [voucherError, setVoucherError] = useState<string | null>(null);

  if (row?.status === 'seats') {
    // seat packages (issue 38 item 4): seats left and expiry, assigning, and buying more
    return (
      <li className="mb-3" data-testid="company-booking-seats" data-company-id={company.id}>
        <CompanySeatPackages companyId={company.id} seminarId={seminar.id} />
        <ButtonLink
          to={companyPaths.assign(seminar.id)}
          variant="primary"
          size="small"
          data-testid="company-booking-assign"
        >
          {t('company.booking.assign')}
        </ButtonLink>
        <SeatPurchaseForm seminar={seminar} company={company} />
      </li>
    );
  }
  if (row && GRANTING_STATUSES.has(row.status)) {
    return (
      <li className="mb-3" data-testid="company-booking-booked" data-company-id={company.id}>
        <p className="mb-2">
          {t('company.booking.booked', { company: company.name, count: row.assigned_count })}
        </p>
        <ButtonLink
          to={companyPaths.assign(seminar.id)}
          variant="primary"
          size="small"
          data-testid="company-booking-assign"
        >
          {t('company.booking.assign')}
        </ButtonLink>
      </li>
    );
  }
  if (row) {
    return (
      <li className="mb-3" data-testid="company-booking-pending" data-company-id={company.id}>
        {t('company.booking.status', {
          company: company.name,
          status: t(`company.status.${row.status}`, { defaultValue: row.status }),
        })}
      </li>
    );
  }
  if (seminar.price > 0) {
    return (
      <li className="mb-3" data-testid="company-booking-paid" data-company-id={company.id}>
        {error ? (
          <Notification variant="danger" role="alert" onClose={() => setError(null)}>
            {error}
          </Notification>
        ) : null}
        <p className="mb-2">{t('company.booking.paidText', { company: company.name })}</p>
        <div className="field">
          <label className="label is-small" htmlFor={`company-reference-${company.id}`}>
            {t('company.booking.reference')}
          </label>
          <div className="control">
            <input
              id={`company-reference-${company.id}`}
              className="input is-small"
              maxLength={64}
              value={reference}
              onChange={(e) => setReference(e.target.value)}
              data-testid="company-booking-reference"
            />
          </div>
        </div>
        <div className="field">
          <label className="label is-small" htmlFor={`company-voucher-${company.id}`}>
            {t('company.booking.voucher')}
          </label>
          <div className="control">
            <input
              id={`company-voucher-${company.id}`}
              className={`input is-small${voucherError ? ' is-danger' : ''}`}
              maxLength={40}
              autoComplete="off"
              value={voucher}
              aria-invalid={voucherError ? true : undefined}
              aria-describedby={voucherError ? `company-voucher-error-${company.id}` : undefined}
              onChange={(e) => setVoucher(e.target.value)}
              data-testid="company-booking-voucher"
            />
          </div>
          {voucherError ? (
            <p className="help is-danger" id={`company-voucher-error-${company.id}`}>
              {voucherError}
            </p>
          ) : null}
        </div>
        <Button
          variant="primary"
          isLoading={buy.isPending || leaving}
          onClick={() => {
            setError(null);
            setVoucherError(null);
            buy.mutate(
              {
                seminarId: seminar.id,
                companyId: company.id,
                reference: reference.trim() || undefined,
                voucherCode: voucher.trim() || undefined,
              },
              {
                onSuccess: ({ checkoutUrl }) => {
                  setLeaving(true);
                  goTo(checkoutUrl);
                },
                onError: (err) => {
                  const refusal = isApiError(err) ? err.errors.voucherCode?.[0] : undefined;
                  if (refusal) setVoucherError(refusal);
                  else setError(err.message);
                },
              },
            );
          }}
          data-testid="company-booking-buy"
        >
          {t('company.booking.buyFor', { company: company.name })}
        </Button>
        <BuyByInvoice
          seminarId={seminar.id}
          company={company}
          reference={reference.trim()}
          voucherCode={voucher.trim()}
          onVoucherError={setVoucherError}
        />
        <SeatPurchaseForm seminar={seminar} company={company} />
      </li>
    );
  }
  return (
    <li className="mb-3" data-company-id={company.id}>
      {error ? (
        <Notification variant="danger" role="alert" onClose={() => setError(null)}>
          {error}
        </Notification>
      ) : null}
      <Button
        variant="primary"
        isLoading={book.isPending}
        onClick={() => {
          setError(null);
          book.mutate(
            { seminarId: seminar.id, companyId: company.id },
            {
              onSuccess: () =>
                notify(
                  'success',
                  t('company.booking.success', { title: seminar.title, company: company.name }),
                ),
              onError: (err) => setError(err.message),
            },
          );
        }}
        data-testid="company-booking-submit"
      >
        {t('company.booking.bookFor', { company: company.name })}
      </Button>
    </li>
  );
}

function Panel({ seminar, companies }: { seminar: SeminarDto; companies: CompanyDto[] }) {
  const { t } = useTranslation();
  const rows = useSeminarCompanies(seminar.id);
  if (rows.isPending) return null;
  const byCompany = new Map((rows.data ?? []).map((row) => [row.company.id, row]));
  return (
    <section className="box mt-4" aria-labelledby="company-booking-title" data-testid="company-booking">
      <h2 className="title is-5" id="company-booking-title">
        {t('company.booking.title')}
      </h2>
      <p className="mb-3">{t('company.booking.text')}</p>
      <ul>
        {companies.map((company) => (
          <CompanyRow key={company.id} seminar={seminar} company={company} row={byCompany.get(company.id)} />
        ))}
      </ul>
    </section>
  );
}

/**
 * For corporateTraining managers on a seminar's booking or detail page: book the seminar for
 * the company they manage (free seminars at once, priced ones through the checkout), or go on to
 * assigning employees once it is booked.
 */
export function CompanyBookingPanel({ seminar }: { seminar: SeminarDto }) {
  const user = useCurrentUser();
  const corporate = hasScope(user, 'corporateTraining');
  const companies = useCompanies(corporate);
  if (!corporate || seminar.abilities.edit) return null;
  const managed = (companies.data ?? []).filter(
    (company) => company.abilities.manage && (!seminar.isCompany || seminar.company_id === company.id),
  );
  if (managed.length === 0) return null;
  return <Panel seminar={seminar} companies={managed} />;
}
