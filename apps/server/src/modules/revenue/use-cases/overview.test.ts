import type { RevenueTotal } from '@elearn/shared';
import { describe, expect, it } from 'vitest';
import type { RevenueSum } from '../revenue.context.ts';
import { summarize } from './overview.ts';

const sum = (over: Partial<RevenueSum>): RevenueSum => ({
  key: '2026-03',
  label: '2026-03',
  kind: 'invoice',
  state: 'paid',
  currency: 'CHF',
  net: 10_000,
  vat: 810,
  gross: 10_810,
  count: 1,
  ...over,
});

const figuresOf = ({ paid, open, invoices, credit_notes }: RevenueTotal) => ({
  paid,
  open,
  invoices,
  credit_notes,
});

/** Rows and totals per currency; credit notes subtract from their own state's column. */
describe('revenue summary', () => {
  it('never adds two currencies: a row and a total per currency', () => {
    const { rows, totals } = summarize([
      sum({}),
      sum({ currency: 'EUR', net: 5_000, vat: 950, gross: 5_950 }),
      sum({ kind: 'credit_note', net: 1_000, vat: 81, gross: 1_081 }),
      sum({ state: 'open', count: 2 }),
    ]);
    expect(rows.map((r) => [r.key, r.currency])).toEqual([
      ['2026-03', 'CHF'],
      ['2026-03', 'EUR'],
    ]);
    expect(rows[0]).toMatchObject({
      paid: { net: 9_000, vat: 729, gross: 9_729 },
      open: { net: 10_000, vat: 810, gross: 10_810 },
      invoices: 3,
      credit_notes: 1,
    });
    const { key: _k, label: _l, ...chf } = rows[0]!;
    expect(totals).toEqual([chf, { currency: 'EUR', ...figuresOf(rows[1]!) }]);
  });

  it('orders by name, the row without a seminar or company last, and keeps a label over none', () => {
    const { rows } = summarize([
      sum({ key: null, label: null, net: 0, vat: 0, gross: 5 }),
      sum({ key: '2', label: 'Zürich AG' }),
      sum({ key: '1', label: null, kind: 'credit_note' }),
      sum({ key: '1', label: 'Alpha AG' }),
    ]);
    expect(rows.map((r) => [r.key, r.label])).toEqual([
      ['1', 'Alpha AG'],
      ['2', 'Zürich AG'],
      [null, null],
    ]);
    expect(rows[0]!.paid.gross).toBe(0);
  });
});
