import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { companies } from '../../db/schema/index.ts';

/** a company's billing setting: may its managers buy by invoice (issue 38 item 3) */
export const companyBillingRepository = {
  /** the company row locked for the caller's transaction */
  async lock(db: DbOrTx, id: number) {
    const [row] = await db.select().from(companies).where(eq(companies.id, id)).for('update').limit(1);
    return row;
  },
  async setPayByInvoice(db: DbOrTx, id: number, enabled: boolean): Promise<void> {
    await db.update(companies).set({ payByInvoice: enabled }).where(eq(companies.id, id));
  },
};
