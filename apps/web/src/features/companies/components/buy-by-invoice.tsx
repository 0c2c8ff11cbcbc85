import type { InvoiceCheckoutDto, InvoiceDto } from '@elearn/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Notification } from '@/components/ui/notification';
import { useLocale } from '@/hooks/use-locale';
import { apiUrl, isApiError } from '@/lib/api-client';
import { formatDate, formatPrice } from '@/lib/format';
import { useBookByInvoice, useCompanyPayByInvoice } from '../api/book-by-invoice';

/**
 * The open invoice of a purchase by invoice (a company booking or a seat package): its number,
 * total and due date in `message` (a catalogue key with {{number}}, {{total}}, {{due}}) and its PDF
 * with the QR-bill. Test ids: `{testId}-done`, `{testId}-pdf`.
 */
export function InvoiceIssued({
  invoice,
  message,
  testId,
}: {
  invoice: InvoiceDto;
  message: string;
  testId: string;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  return (
    <Notification variant="success" role="status">
      <p data-testid={`${testId}-done`}>
        {t(message, {
          number: invoice.number,
          total: formatPrice(invoice.gross_total, invoice.currency, locale, '0'),
          due: invoice.due_at ? formatDate(invoice.due_at, locale) : '',
        })}
      </p>
      <a href={apiUrl(`/api/invoices/${invoice.id}/pdf`)} download data-testid={`${testId}-pdf`}>
        {t('company.byInvoice.pdf')}
      </a>
    </Notification>
  );
}

/**
 * The manager's "Auf Rechnung" / "By invoice" choice beside the card checkout of a priced seminar
 * for a company (issue 38 item 3): shown when an admin enabled it for the company; books at once
 * with an open invoice (QR-bill) and no payment provider. The voucher code of the card checkout's
 * field goes along (issue 38 item 5); its refusal goes back to that field (`onVoucherError`).
 */
export function BuyByInvoice({
  seminarId,
  company,
  reference,
  voucherCode,
  onVoucherError,
}: {
  seminarId: number;
  company: { id: number; name: string };
  reference: string;
  voucherCode: string;
  onVoucherError: (message: string | null) => void;
}) {
  const { t } = useTranslation();
  const setting = useCompanyPayByInvoice(company.id);
  const book = useBookByInvoice();
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<InvoiceCheckoutDto | null>(null);
  if (!setting.data?.pay_by_invoice) return null;
  if (done) {
    return (
      <InvoiceIssued
        invoice={done.invoice}
        message={
          done.invoice.state === 'paid'
            ? 'company.byInvoice.donePaid' // a voucher paid it all: an invoice of 0, paid
            : done.granted
              ? 'company.byInvoice.doneGranted'
              : 'company.byInvoice.doneWhenPaid'
        }
        testId="buy-by-invoice"
      />
    );
  }
  return (
    <div className="mt-2" data-testid="buy-by-invoice">
      {error ? (
        <Notification variant="danger" role="alert" onClose={() => setError(null)}>
          {error}
        </Notification>
      ) : null}
      <Button
        variant="light"
        isLoading={book.isPending}
        onClick={() => {
          setError(null);
          onVoucherError(null);
          book.mutate(
            {
              seminarId,
              companyId: company.id,
              reference: reference || undefined,
              voucherCode: voucherCode || undefined,
            },
            {
              onSuccess: setDone,
              onError: (err) => {
                const refusal = isApiError(err) ? err.errors.voucherCode?.[0] : undefined;
                if (refusal) onVoucherError(refusal);
                else setError(err.message);
              },
            },
          );
        }}
        data-testid="buy-by-invoice-submit"
      >
        {t('company.byInvoice.buy', { company: company.name })}
      </Button>
      <p className="help">{t('company.byInvoice.help')}</p>
    </div>
  );
}
