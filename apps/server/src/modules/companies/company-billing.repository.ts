import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { companies } from '../../db/schema/index.ts';

/** a company's postal address as stored (all null: none) */
export interface CompanyAddressValues {
  addressStreet: string | null;
  addressBuildingNumber: string | null;
  addressPostalCode: string | null;
  addressTown: string | null;
  addressCountry: string | null;
}

/**
 * a company's billing: may its managers buy by invoice (issue 38 item 3), its postal address on
 * the invoices (issue 38)
 */
export const companyBillingRepository = {
  /** the company row locked for the caller's transaction */
  async lock(db: DbOrTx, id: number) {
    const [row] = await db.select().from(companies).where(eq(companies.id, id)).for('update').limit(1);
    return row;
  },
  async setPayByInvoice(db: DbOrTx, id: number, enabled: boolean): Promise<void> {
    await db.update(companies).set({ payByInvoice: enabled }).where(eq(companies.id, id));
  },
  async setAddress(db: DbOrTx, id: number, values: CompanyAddressValues): Promise<void> {
    await db.update(companies).set(values).where(eq(companies.id, id));
  },
};
