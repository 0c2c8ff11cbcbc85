import type { PaymentRefundsDto, RefundBody } from '@elearn/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryState } from '@/components/query-state';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Table } from '@/components/ui/table';
import { isApiError } from '@/lib/api-client';
import { usePaymentRefunds, useRefundPayment } from '../api/refunds';
import { useAdminFormat } from '../format';

type Mode = 'rest' | 'amount' | 'line';

/** minor units from what the admin typed (`12.50`, `12,5`); null when it is no amount */
const toMinor = (text: string) => {
  const value = text.trim().replace(',', '.');
  return /^\d+(\.\d{1,2})?$/.test(value) ? Math.round(Number(value) * 100) : null;
};

/**
 * A seat package's refund (issue 38 item 4): k × the seat price takes k seats; the admin ticks the
 * employees whose seats go (needed when more are assigned than would remain).
 */
function SeatChoice({
  seats,
  currency,
  chosen,
  onChange,
}: {
  seats: NonNullable<PaymentRefundsDto['seat_package']>;
  currency: string;
  chosen: Set<number>;
  onChange: (next: Set<number>) => void;
}) {
  const { t } = useTranslation();
  const format = useAdminFormat();
  return (
    <fieldset className="field" data-testid="refund-seats">
      <legend className="label">
        {t('admin.refunds.seats', { count: seats.seats, price: format.sum(seats.seat_price, currency) })}
      </legend>
      {seats.holders.map((h) => (
        <label key={h.id} className="checkbox is-block">
          <input
            type="checkbox"
            checked={chosen.has(h.id)}
            onChange={(e) => {
              const next = new Set(chosen);
              if (e.target.checked) next.add(h.id);
              else next.delete(h.id);
              onChange(next);
            }}
            data-testid="refund-seat"
          />{' '}
          {h.name}
        </label>
      ))}
    </fieldset>
  );
}

/** the refund form of a payment: the rest, an amount or a line; asks before it refunds */
function RefundForm({ paymentId, data }: { paymentId: number; data: PaymentRefundsDto }) {
  const { t } = useTranslation();
  const format = useAdminFormat();
  const refund = useRefundPayment(paymentId);
  const [mode, setMode] = useState<Mode>('rest');
  const [amount, setAmount] = useState('');
  const open = data.lines.filter((l) => !l.refunded);
  const [lineId, setLineId] = useState<number | null>(open[0]?.id ?? null);
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // a seat package's payment (issue 38 item 4): the employees whose seats the refund takes
  const [seatUsers, setSeatUsers] = useState<Set<number>>(new Set());

  const minor =
    mode === 'rest'
      ? data.remaining
      : mode === 'amount'
        ? toMinor(amount)
        : (open.find((l) => l.id === lineId)?.gross ?? null);
  const picked = [...seatUsers];
  const base: RefundBody =
    mode === 'amount' && minor ? { amount: minor } : mode === 'line' && lineId ? { line_id: lineId } : {};
  const body: RefundBody = picked.length ? { ...base, seat_user_ids: picked } : base;

  async function run() {
    setError(null);
    try {
      await refund.mutateAsync(body);
      setConfirming(false);
      setAmount('');
    } catch (err) {
      const fields = isApiError(err) ? Object.values(err.errors).flat() : [];
      setError(fields[0] ?? (err instanceof Error ? err.message : String(err)));
    }
  }

  return (
    <form
      className="box"
      data-testid="refund-form"
      onSubmit={(e) => {
        e.preventDefault();
        setError(null);
        setConfirming(true);
      }}
    >
      <p className="mb-2">
        {t('admin.refunds.remaining', { sum: format.sum(data.remaining, data.currency) })}
      </p>
      <div className="field">
        <label className="radio mr-4">
          <input
            type="radio"
            name="refund-mode"
            checked={mode === 'rest'}
            onChange={() => setMode('rest')}
            data-testid="refund-mode-rest"
          />{' '}
          {t('admin.refunds.modeRest')}
        </label>
        <label className="radio mr-4">
          <input
            type="radio"
            name="refund-mode"
            checked={mode === 'amount'}
            onChange={() => setMode('amount')}
            data-testid="refund-mode-amount"
          />{' '}
          {t('admin.refunds.modeAmount')}
        </label>
        {open.length ? (
          <label className="radio">
            <input
              type="radio"
              name="refund-mode"
              checked={mode === 'line'}
              onChange={() => setMode('line')}
              data-testid="refund-mode-line"
            />{' '}
            {t('admin.refunds.modeLine')}
          </label>
        ) : null}
      </div>
      {mode === 'amount' ? (
        <div className="field">
          <label className="label" htmlFor={`refund-amount-${paymentId}`}>
            {t('admin.refunds.amount', { currency: data.currency })}
          </label>
          <input
            id={`refund-amount-${paymentId}`}
            className="input"
            inputMode="decimal"
            value={amount}
            onChange={(e) => setAmount(e.target.value)}
            data-testid="refund-amount"
          />
        </div>
      ) : null}
      {mode === 'line' ? (
        <div className="field">
          <label className="label" htmlFor={`refund-line-${paymentId}`}>
            {t('admin.refunds.line')}
          </label>
          <div className="select">
            <select
              id={`refund-line-${paymentId}`}
              value={lineId ?? ''}
              onChange={(e) => setLineId(Number(e.target.value))}
              data-testid="refund-line"
            >
              {open.map((l) => (
                <option key={l.id} value={l.id}>
                  {l.description} ({format.sum(l.gross, data.currency)})
                </option>
              ))}
            </select>
          </div>
        </div>
      ) : null}
      {data.seat_package?.holders.length && mode === 'amount' ? (
        <SeatChoice
          seats={data.seat_package}
          currency={data.currency}
          chosen={seatUsers}
          onChange={setSeatUsers}
        />
      ) : null}
      {error && !confirming ? (
        <p className="help is-danger" role="alert" data-testid="refund-error">
          {error}
        </p>
      ) : null}
      <Button
        type="submit"
        variant="warning"
        disabled={!minor || data.remaining <= 0}
        data-testid="refund-submit"
      >
        {t('admin.refunds.action')}
      </Button>
      <ConfirmDialog
        open={confirming}
        title={t('admin.refunds.confirmTitle')}
        confirmLabel={t('admin.refunds.confirm')}
        onConfirm={() => void run()}
        onCancel={() => setConfirming(false)}
        busy={refund.isPending}
        error={error}
      >
        <p>
          {t(mode === 'amount' ? 'admin.refunds.confirmAmount' : 'admin.refunds.confirmGrant', {
            sum: format.sum(minor ?? 0, data.currency),
          })}
        </p>
      </ConfirmDialog>
    </form>
  );
}

/** A payment's refunds (state, amount, credit note) and, when something is left, the refund form. */
export function RefundPanel({ paymentId }: { paymentId: number }) {
  const { t } = useTranslation();
  const format = useAdminFormat();
  const query = usePaymentRefunds(paymentId);
  return (
    <QueryState query={query}>
      {(data) => (
        <div data-testid="refund-panel">
          <h3 className="title is-6" id={`refunds-title-${paymentId}`}>
            {t('admin.refunds.title')}
          </h3>
          {data.refunds.length ? (
            <Table
              headers={[
                t('admin.refunds.date'),
                t('admin.refunds.sum'),
                t('admin.refunds.state'),
                t('admin.refunds.creditNote'),
              ]}
              labelledBy={`refunds-title-${paymentId}`}
              testId="refunds-table"
            >
              {data.refunds.map((r) => (
                <tr key={r.id} data-testid="refund-row" data-status={r.status}>
                  <td>{format.dateTime(r.created_at)}</td>
                  <td>{format.sum(r.amount, r.currency)}</td>
                  <td>
                    <span className="tag is-light">{t(`admin.refunds.status.${r.status}`)}</span>
                  </td>
                  <td>{r.credit_note_number ?? '–'}</td>
                </tr>
              ))}
            </Table>
          ) : (
            <p className="mb-2 has-text-grey">{t('admin.refunds.none')}</p>
          )}
          {/* the server leaves nothing to refund unless paid (or an open invoice, issue 38) */}
          {data.remaining > 0 ? <RefundForm paymentId={paymentId} data={data} /> : null}
        </div>
      )}
    </QueryState>
  );
}
