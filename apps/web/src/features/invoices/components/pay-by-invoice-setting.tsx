import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormError } from '@/components/ui/field';
import { usePayByInvoice, useSetPayByInvoice } from '../api/pay-by-invoice';

/** On the admin's company page: may the company's managers buy by invoice (issue 38 item 3). */
export function PayByInvoiceSetting({ companyId }: { companyId: number }) {
  const { t } = useTranslation();
  const query = usePayByInvoice(companyId);
  const save = useSetPayByInvoice(companyId);
  const [error, setError] = useState<string | null>(null);
  if (!query.data) return null;
  return (
    <section className="box" aria-labelledby="pay-by-invoice-title" data-testid="pay-by-invoice-setting">
      <h2 className="title is-5" id="pay-by-invoice-title">
        {t('invoices.byInvoice.settingTitle')}
      </h2>
      <label className="checkbox">
        <input
          type="checkbox"
          checked={query.data.pay_by_invoice}
          disabled={save.isPending}
          onChange={(e) => {
            setError(null);
            save.mutate(e.target.checked, { onError: (err) => setError(err.message) });
          }}
          data-testid="pay-by-invoice-toggle"
        />{' '}
        {t('invoices.byInvoice.setting')}
      </label>
      <p className="help">{t('invoices.byInvoice.settingHelp')}</p>
      <FormError message={error} />
    </section>
  );
}
