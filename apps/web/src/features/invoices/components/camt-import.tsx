import type { CamtImportDto } from '@elearn/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { FormError } from '@/components/ui/field';
import { Notification } from '@/components/ui/notification';
import { Table } from '@/components/ui/table';
import { useLocale } from '@/hooks/use-locale';
import { isApiError } from '@/lib/api-client';
import { formatPrice } from '@/lib/format';
import { useCamtImport } from '../api/pay-by-invoice';

const TAG: Record<string, string> = {
  matched: 'is-success',
  already_paid: 'is-info',
  amount_mismatch: 'is-warning',
  unmatched: 'is-danger',
};

/** a chosen file's text (FileReader: every browser, and jsdom in the tests) */
const readText = (file: Blob) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsText(file);
  });

/**
 * On the admin's invoice list: a camt.054 bank notification (XML) read, its credits shown against
 * the open invoices (matched, already paid, amount mismatch, unmatched), then applied: the matched
 * invoices are marked paid (issue 38 item 3).
 */
export function CamtImport() {
  const { t } = useTranslation();
  const locale = useLocale();
  const { preview, apply } = useCamtImport();
  const [xml, setXml] = useState<string | null>(null);
  const [result, setResult] = useState<CamtImportDto | null>(null);
  const [applied, setApplied] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const fail = (err: Error) =>
    setError(isApiError(err) && err.errors.xml?.[0] ? err.errors.xml[0] : err.message);

  return (
    <section className="box" aria-labelledby="camt-title" data-testid="camt-import">
      <h2 className="title is-5" id="camt-title">
        {t('invoices.camt.title')}
      </h2>
      <div className="field">
        <label className="label" htmlFor="camt-file">
          {t('invoices.camt.file')}
        </label>
        <input
          id="camt-file"
          type="file"
          accept=".xml,application/xml,text/xml"
          data-testid="camt-file"
          onChange={async (e) => {
            const file = e.target.files?.[0];
            setError(null);
            setResult(null);
            setApplied(null);
            if (!file) return;
            const text = await readText(file);
            setXml(text);
            preview.mutate(text, { onSuccess: setResult, onError: fail });
          }}
        />
      </div>
      <FormError message={error} />
      {applied !== null ? (
        <Notification variant="success" role="status">
          <span data-testid="camt-applied">{t('invoices.camt.applied', { count: applied })}</span>
        </Notification>
      ) : null}
      {result ? (
        <>
          <Table
            headers={[
              t('invoices.camt.booked'),
              t('invoices.camt.amount'),
              t('invoices.camt.reference'),
              t('invoices.camt.debtor'),
              t('invoices.camt.match'),
            ]}
            labelledBy="camt-title"
            testId="camt-entries"
          >
            {result.entries.map((e) => (
              <tr
                key={`${e.bank_reference}|${e.reference}|${e.amount}|${e.booked_on}`}
                data-testid="camt-entry"
                data-match={e.match}
              >
                <td>{e.booked_on ?? ''}</td>
                <td>{formatPrice(e.amount, e.currency, locale, '0')}</td>
                <td className="is-family-monospace">{e.reference ?? '–'}</td>
                <td>{e.debtor ?? ''}</td>
                <td>
                  <span className={`tag is-light ${TAG[e.match]}`}>
                    {t(`invoices.camt.matches.${e.match}`)}
                  </span>
                  {e.invoice ? <p className="is-size-7">{e.invoice.number}</p> : null}
                </td>
              </tr>
            ))}
          </Table>
          {applied === null ? (
            <Button
              variant="primary"
              isLoading={apply.isPending}
              disabled={!result.entries.some((e) => e.match === 'matched')}
              onClick={() =>
                xml &&
                apply.mutate(xml, {
                  onSuccess: (r) => {
                    setResult(r);
                    setApplied(r.applied);
                  },
                  onError: fail,
                })
              }
              data-testid="camt-apply"
            >
              {t('invoices.camt.apply', {
                count: result.entries.filter((e) => e.match === 'matched').length,
              })}
            </Button>
          ) : null}
        </>
      ) : null}
    </section>
  );
}
