import type { FastifyBaseLogger } from 'fastify';
import type { Db, DbOrTx } from '../../db/client.ts';

/** what the invoices module is built from (app-modules.ts) */
export interface InvoicesDeps {
  db: Db;
  /** a company's name (the buyer of a company purchase); wired to the companies module */
  companyName: (db: DbOrTx, companyId: number) => Promise<string | null>;
  log: FastifyBaseLogger;
  now?: () => number;
}

export interface InvoicesContext extends Omit<InvoicesDeps, 'now'> {
  now: () => number;
}

export const createInvoicesContext = (deps: InvoicesDeps): InvoicesContext => ({
  ...deps,
  now: deps.now ?? Date.now,
});

/** the year of a moment in Switzerland (invoice numbers count per calendar year there) */
export const zurichYear = (d: Date) =>
  Number(new Intl.DateTimeFormat('en', { year: 'numeric', timeZone: 'Europe/Zurich' }).format(d));

/** `2026-000123` */
export const invoiceNumber = (year: number, seq: number) => `${year}-${String(seq).padStart(6, '0')}`;
