import type { Params } from 'react-router';
import { idParam } from '@/lib/current-ids';

/** `/mcTest/{id}/…` pages: the id must be a positive integer, else the page is "not found". */
export const checkTestId = (params: Params) => idParam(params.id) !== null;
