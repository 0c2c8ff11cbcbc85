import type { AppConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { SeminarsService } from '../seminars/seminars.service.ts';

/** what the vouchers module is built from (app-modules.ts) */
export interface VouchersDeps {
  db: Db;
  config: AppConfig;
  seminars: SeminarsService;
  /** what a checkout charges for a list price (VAT added to net prices; the invoices module) */
  charge: (price: number, currency: string) => Promise<number>;
  now?: () => number;
}

export interface VouchersContext extends Omit<VouchersDeps, 'now'> {
  now: () => number;
}

export const createVouchersContext = (deps: VouchersDeps): VouchersContext => ({
  ...deps,
  now: deps.now ?? Date.now,
});
