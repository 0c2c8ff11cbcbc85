import type { Scope } from '@elearn/shared';
import { describe, expect, it } from 'vitest';
import { invoicePolicy } from './invoice.policy.ts';

const actor = (scopes: Scope[], companies: { id: number; manager: boolean }[] = []) => ({
  id: 1,
  scopes,
  companies: companies.map((c) => ({ ...c, name: 'X', shortName: 'x' })),
});
const admin = actor(['admin']);
const manager7 = actor(['corporateTraining'], [{ id: 7, manager: true }]);
const employee7 = actor([], [{ id: 7, manager: false }]);
const student = actor([]);

describe('invoicePolicy (pay by invoice, issue 38 item 3)', () => {
  it.each([
    // actor, company 7 enabled, company 7 not enabled, company 8 enabled
    ['admin', admin, [true, false, true]],
    ['a manager of 7', manager7, [true, false, false]],
    ['an employee of 7', employee7, [false, false, false]],
    ['a student', student, [false, false, false]],
  ] as const)('%s buys by invoice for: 7 enabled / 7 not enabled / 8 enabled', (_n, a, expected) => {
    expect(
      [
        { id: 7, payByInvoice: true },
        { id: 7, payByInvoice: false },
        { id: 8, payByInvoice: true },
      ].map((c) => invoicePolicy.buyByInvoice(a, c)),
    ).toEqual(expected);
  });

  it.each([
    ['an open invoice', { kind: 'invoice', state: 'open' }, 'ok'],
    ['a paid invoice', { kind: 'invoice', state: 'paid' }, 'already_paid'],
    ['a credit note', { kind: 'credit_note', state: 'open' }, 'not_found'],
    ['none', undefined, 'not_found'],
  ] as const)('marking paid: %s → %s', (_n, i, expected) => {
    expect(invoicePolicy.settle(i)).toBe(expected);
  });

  const open = { state: 'open', grossTotal: 20_000, currency: 'CHF' };
  it.each([
    ['no invoice with the reference', 20_000, 'CHF', undefined, false, 'unmatched'],
    ['the amount of an open invoice', 20_000, 'CHF', open, false, 'matched'],
    ['less than the total', 19_995, 'CHF', open, false, 'amount_mismatch'],
    ['another currency', 20_000, 'EUR', open, false, 'amount_mismatch'],
    ['a paid invoice', 20_000, 'CHF', { ...open, state: 'paid' }, false, 'already_paid'],
    ['paid by an earlier credit of the file', 20_000, 'CHF', open, true, 'already_paid'],
    // part of an open purchase by invoice cancelled by a credit note: the amount due counts
    ['the amount due after a credit note', 15_000, 'CHF', { ...open, credited: 5_000 }, false, 'matched'],
    [
      'the printed total after a credit note',
      20_000,
      'CHF',
      { ...open, credited: 5_000 },
      false,
      'amount_mismatch',
    ],
  ] as const)('a credit: %s → %s', (_n, amount, currency, invoice, earlier, expected) => {
    expect(invoicePolicy.camtMatch({ amount, currency }, invoice, earlier)).toBe(expected);
  });
});
