import type { InvoiceCheckoutDto } from '@elearn/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Notification } from '@/components/ui/notification';
import { useLocale } from '@/hooks/use-locale';
import { apiUrl } from '@/lib/api-client';
import { formatDate, formatPrice } from '@/lib/format';
import { useBookByInvoice, useCompanyPayByInvoice } from '../api/book-by-invoice';

/**
 * The manager's "Auf Rechnung" / "By invoice" choice beside the card checkout of a priced seminar
 * for a company (issue 38 item 3): shown when an admin enabled it for the company; books at once
 * with an open invoice (QR-bill) and no payment provider.
 */
export function BuyByInvoice({
  seminarId,
  company,
  reference,
}: {
  seminarId: number;
  company: { id: number; name: string };
  reference: string;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const setting = useCompanyPayByInvoice(company.id);
  const book = useBookByInvoice();
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<InvoiceCheckoutDto | null>(null);
  if (!setting.data?.pay_by_invoice) return null;
  if (done) {
    const inv = done.invoice;
    return (
      <Notification variant="success" role="status">
        <p data-testid="buy-by-invoice-done">
          {t(done.granted ? 'company.byInvoice.doneGranted' : 'company.byInvoice.doneWhenPaid', {
            number: inv.number,
            total: formatPrice(inv.gross_total, inv.currency, locale, '0'),
            due: inv.due_at ? formatDate(inv.due_at, locale) : '',
          })}
        </p>
        <a href={apiUrl(`/api/invoices/${inv.id}/pdf`)} download data-testid="buy-by-invoice-pdf">
          {t('company.byInvoice.pdf')}
        </a>
      </Notification>
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
          book.mutate(
            { seminarId, companyId: company.id, reference: reference || undefined },
            { onSuccess: setDone, onError: (err) => setError(err.message) },
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
