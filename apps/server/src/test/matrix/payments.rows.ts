/** Authorization matrix rows of the payments routes (see ../matrix-kit.ts). */
import type { Row } from '../matrix-kit.ts';

export const PAYMENTS_ROWS: Row[] = [];
