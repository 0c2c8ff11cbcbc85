import type { InvoiceDto } from '@elearn/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useMarkInvoicePaid } from '../api/pay-by-invoice';

/** In the admin's invoice list: an open invoice marked paid (money received; issue 38 item 3). */
export function MarkPaidButton({ invoice }: { invoice: InvoiceDto }) {
  const { t } = useTranslation();
  const mark = useMarkInvoicePaid();
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (invoice.kind !== 'invoice' || invoice.state !== 'open') return null;
  return (
    <>
      <Button
        size="small"
        variant="link"
        outlined
        onClick={() => setOpen(true)}
        data-testid="invoice-mark-paid"
      >
        {t('invoices.markPaid')}
      </Button>
      <ConfirmDialog
        open={open}
        title={t('invoices.markPaidConfirm', { number: invoice.number })}
        confirmLabel={t('invoices.markPaid')}
        onConfirm={() => {
          setError(null);
          mark.mutate(invoice.id, {
            onSuccess: () => setOpen(false),
            onError: (err) => setError(err.message),
          });
        }}
        onCancel={() => setOpen(false)}
        busy={mark.isPending}
        error={error}
      >
        {t('invoices.markPaidText')}
      </ConfirmDialog>
    </>
  );
}
