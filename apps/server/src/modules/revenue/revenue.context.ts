import type { RevenueGroup } from '@elearn/shared';
import type { Db, DbOrTx } from '../../db/client.ts';

/** the sums of one group, kind, state and currency (minor units; credit notes positive, as stored) */
export interface RevenueSum {
  key: string | null;
  label: string | null;
  kind: 'invoice' | 'credit_note';
  state: 'paid' | 'open';
  currency: string;
  net: number;
  vat: number;
  gross: number;
  count: number;
}

/** what the revenue module is built from (app-modules.ts); it has no tables of its own */
export interface RevenueDeps {
  db: Db;
  /** the invoices module's read of its invoices and credit notes issued in `[from, to)` (app-modules.ts) */
  sums: (db: DbOrTx, range: { from: Date; to: Date }, group: RevenueGroup) => Promise<RevenueSum[]>;
  now?: () => number;
}

export interface RevenueContext extends Omit<RevenueDeps, 'now'> {
  now: () => number;
}

export const createRevenueContext = (deps: RevenueDeps): RevenueContext => ({
  ...deps,
  now: deps.now ?? Date.now,
});
