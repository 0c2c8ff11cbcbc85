import { SEAT_MONTHS, type SeatPurchaseResult, type SeminarDto } from '@elearn/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Notification } from '@/components/ui/notification';
import { useGoTo } from '@/hooks/use-go-to';
import { ApiError } from '@/lib/api-client';
import { useCompanyPayByInvoice } from '../api/book-by-invoice';
import { useBuySeats } from '../api/buy-seats';
import { InvoiceIssued } from './buy-by-invoice';

/**
 * A manager buys a package of seats of a priced seminar for the company (issue 38 item 4): the
 * number of seats, the period and its first day, an optional reference for the invoice; paid by
 * card through the checkout or, when an admin enabled it for the company, "Auf Rechnung" / "By
 * invoice" (an open invoice with its QR-bill, shown as the booking by invoice shows it). More
 * seats or a longer period later is another package.
 */
export function SeatPurchaseForm({
  seminar,
  company,
}: {
  seminar: SeminarDto;
  company: { id: number; name: string };
}) {
  const { t } = useTranslation();
  const buy = useBuySeats();
  const goTo = useGoTo();
  const [seats, setSeats] = useState('5');
  const [months, setMonths] = useState('12');
  const [from, setFrom] = useState('');
  const [reference, setReference] = useState('');
  const [leaving, setLeaving] = useState(false);
  const byInvoice = !!useCompanyPayByInvoice(company.id).data?.pay_by_invoice;
  const [payBy, setPayBy] = useState<'card' | 'invoice'>('card');
  const [done, setDone] = useState<SeatPurchaseResult | null>(null);
  const invoice = byInvoice && payBy === 'invoice';
  if (done?.invoice) {
    const granted = done.package.status === 'paid';
    return (
      <InvoiceIssued
        invoice={done.invoice}
        message={granted ? 'company.seats.doneGranted' : 'company.seats.doneWhenPaid'}
        testId="seat-purchase"
      />
    );
  }
  const err = buy.error instanceof ApiError ? buy.error : null;
  const field = (name: string) => err?.errors[name]?.[0];
  const id = (name: string) => `seats-${name}-${company.id}`;
  return (
    <form
      className="box"
      data-testid="seat-purchase"
      onSubmit={(e) => {
        e.preventDefault();
        buy.mutate(
          {
            companyId: company.id,
            seminarId: seminar.id,
            seats: Number(seats),
            months: Number(months),
            valid_from: from || undefined,
            reference: reference.trim() || undefined,
            pay_by: invoice ? 'invoice' : 'card',
          },
          {
            onSuccess: (result) => {
              const { checkout } = result;
              if (!checkout) return setDone(result);
              setLeaving(true);
              goTo(checkout.checkoutUrl);
            },
          },
        );
      }}
    >
      <h3 className="title is-6">{t('company.seats.buyTitle', { company: company.name })}</h3>
      {buy.error && !Object.keys(err?.errors ?? {}).length ? (
        <Notification variant="danger" role="alert">
          <span data-testid="seat-purchase-error">{buy.error.message}</span>
        </Notification>
      ) : null}
      <Field label={t('company.seats.count')} id={id('count')} error={field('seats')}>
        <input
          id={id('count')}
          className="input"
          type="number"
          min={1}
          max={500}
          value={seats}
          onChange={(e) => setSeats(e.target.value)}
          data-testid="seat-purchase-seats"
        />
      </Field>
      <Field label={t('company.seats.months')} id={id('months')} error={field('months')}>
        <div className="select">
          <select
            id={id('months')}
            value={months}
            onChange={(e) => setMonths(e.target.value)}
            data-testid="seat-purchase-months"
          >
            {SEAT_MONTHS.map((m) => (
              <option key={m} value={m}>
                {t('company.seats.monthsOption', { count: m })}
              </option>
            ))}
          </select>
        </div>
      </Field>
      <Field
        label={t('company.seats.from')}
        id={id('from')}
        error={field('valid_from')}
        help={t('company.seats.fromHelp')}
      >
        <input
          id={id('from')}
          className="input"
          type="date"
          value={from}
          onChange={(e) => setFrom(e.target.value)}
          data-testid="seat-purchase-from"
        />
      </Field>
      <Field label={t('company.booking.reference')} id={id('reference')} error={field('reference')}>
        <input
          id={id('reference')}
          className="input"
          maxLength={64}
          value={reference}
          onChange={(e) => setReference(e.target.value)}
          data-testid="seat-purchase-reference"
        />
      </Field>
      {byInvoice ? (
        <fieldset className="field" data-testid="seat-purchase-pay-by">
          <legend className="label">{t('company.seats.payBy')}</legend>
          {(['card', 'invoice'] as const).map((way) => (
            <label key={way} className="radio mr-4">
              <input
                type="radio"
                name={id('pay-by')}
                checked={payBy === way}
                onChange={() => setPayBy(way)}
                data-testid={`seat-purchase-pay-${way}`}
              />{' '}
              {t(way === 'card' ? 'company.seats.payByCard' : 'company.seats.payByInvoice')}
            </label>
          ))}
        </fieldset>
      ) : null}
      <p className="mb-3">
        {t(invoice ? 'company.seats.totalInvoice' : 'company.seats.total', { count: Number(seats) || 0 })}
      </p>
      <Button
        type="submit"
        variant="primary"
        isLoading={buy.isPending || leaving}
        data-testid="seat-purchase-submit"
      >
        {t(invoice ? 'company.seats.buyByInvoice' : 'company.seats.buy')}
      </Button>
    </form>
  );
}
