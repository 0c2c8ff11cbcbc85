import type { VoucherQuoteDto } from '@elearn/shared';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { isApiError } from '@/lib/api-client';
import { useCheckVoucher } from '../api/check-voucher';
import { useMoney } from './use-money';

/**
 * The checkout's voucher field: the code checked by the server, the price after the discount
 * shown before paying (`quote`), or the server's reason why not.
 */
export function VoucherField({
  seminarId,
  quote,
  onQuote,
}: {
  seminarId: number;
  quote: VoucherQuoteDto | null;
  onQuote: (q: VoucherQuoteDto | null) => void;
}) {
  const { t } = useTranslation();
  const money = useMoney();
  const check = useCheckVoucher();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const apply = (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    onQuote(null);
    if (!code.trim()) return;
    check.mutate(
      { seminarId, code: code.trim() },
      {
        onSuccess: onQuote,
        onError: (err) =>
          setError(isApiError(err) ? (err.errors.code?.[0] ?? err.message) : t('errors.unknown')),
      },
    );
  };
  return (
    <form onSubmit={apply} noValidate className="mb-4" data-testid="voucher-field">
      <label className="label" htmlFor="voucher-code">
        {t('payments.voucher.label')}
      </label>
      <div className="field has-addons">
        <div className="control is-expanded">
          <input
            id="voucher-code"
            name="voucherCode"
            className={`input${error ? ' is-danger' : ''}`}
            autoComplete="off"
            value={code}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'voucher-error' : undefined}
            onChange={(e) => {
              setCode(e.target.value);
              if (quote) onQuote(null);
            }}
          />
        </div>
        <div className="control">
          <Button type="submit" isLoading={check.isPending} data-testid="voucher-apply">
            {t('payments.voucher.apply')}
          </Button>
        </div>
      </div>
      {error ? (
        <p className="help is-danger" id="voucher-error" data-testid="voucher-error">
          {error}
        </p>
      ) : null}
      {quote ? (
        <p className="help is-success" data-testid="voucher-applied">
          {t('payments.voucher.applied', {
            code: quote.code,
            discount: money.amount(quote.discount, quote.currency),
          })}
        </p>
      ) : null}
    </form>
  );
}
