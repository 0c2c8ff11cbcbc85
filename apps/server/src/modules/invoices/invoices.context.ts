import type { FastifyBaseLogger } from 'fastify';
import type { Db, DbOrTx, Tx } from '../../db/client.ts';
import type { BuyerPostalAddress } from './invoices.snapshot.ts';

/**
 * an open invoice became paid (marked by an admin, or a bank statement): what follows in the same
 * transaction (payments grants a booking bought by invoice "when paid"; app-modules.ts registers it)
 */
export type InvoicePaidHandler = (
  tx: Tx,
  invoice: { id: number; paymentId: number | null; bookingId: number | null },
  at: Date,
) => Promise<void>;

/** what the invoices module is built from (app-modules.ts) */
export interface InvoicesDeps {
  db: Db;
  /** a company's name (the buyer of a company purchase); wired to the companies module */
  companyName: (db: DbOrTx, companyId: number) => Promise<string | null>;
  /** a company's postal address as it is now (the buyer's on its invoices; issue 38); none: null */
  companyAddress?: (db: DbOrTx, companyId: number) => Promise<BuyerPostalAddress | null>;
  log: FastifyBaseLogger;
  now?: () => number;
}

export interface InvoicesContext extends Omit<InvoicesDeps, 'now'> {
  now: () => number;
  /** registered by the modules that act on a paid invoice (`onPaid`) */
  paidHandlers: InvoicePaidHandler[];
}

export const createInvoicesContext = (deps: InvoicesDeps): InvoicesContext => ({
  ...deps,
  now: deps.now ?? Date.now,
  paidHandlers: [],
});

/** the year of a moment in Switzerland (invoice numbers count per calendar year there) */
export const zurichYear = (d: Date) =>
  Number(new Intl.DateTimeFormat('en', { year: 'numeric', timeZone: 'Europe/Zurich' }).format(d));

/** `2026-000123` */
export const invoiceNumber = (year: number, seq: number) => `${year}-${String(seq).padStart(6, '0')}`;
