import type { Db } from '../../db/client.ts';
import { invoicesRepository as repo } from './invoices.repository.ts';

/**
 * A person's invoices and credit notes (issue 38): what the data export shows. They are
 * bookkeeping records (kept 10 years, Swiss CO art. 958f, German HGB § 257 / AO § 147) and are
 * immutable: an erased account leaves them as issued (the buyer's name and e-mail as on the
 * document), only the link to the anonymised account stays.
 */
export function invoicesPersonalData(db: Db) {
  return {
    async collect(userId: number) {
      return (await repo.ofUser(db, userId)).map((r) => ({
        number: r.number,
        kind: r.kind,
        state: r.state,
        currency: r.currency,
        net_total: r.netTotal,
        vat_total: r.vatTotal,
        rounding: r.rounding,
        gross_total: r.grossTotal,
        buyer: r.buyer,
        issued_at: r.issuedAt,
        paid_at: r.paidAt,
      }));
    },
  };
}
