import { sql } from 'drizzle-orm';

/**
 * Booking statuses that let a user play a seminar: an own booking that is free or paid, or an
 * assignment to a company booking (`company`). Every access query uses these; counts and the
 * owner's list of buyers use `OWN_GRANTING` (assignments are listed per company).
 */
export const PLAY_STATUSES = ['free', 'paid', 'company'] as const;
export const OWN_GRANTING = ['free', 'paid'] as const;
/** whether an own booking or a company booking in `status` holds the seminar (`free`, `paid`) */
export const grants = (status: string): boolean => (OWN_GRANTING as readonly string[]).includes(status);
/** `('free', 'paid', 'company')` for SQL text: `b.status in ${playStatusesSql}` */
export const PLAY_STATUSES_LIST = `(${PLAY_STATUSES.map((s) => `'${s}'`).join(', ')})`;
export const playStatusesSql = sql.raw(PLAY_STATUSES_LIST);
