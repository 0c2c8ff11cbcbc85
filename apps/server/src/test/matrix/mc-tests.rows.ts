/** Authorization matrix rows of the mc-tests routes (see ../matrix-kit.ts). */
import type { Row } from '../matrix-kit.ts';

export const MC_TESTS_ROWS: Row[] = [];
