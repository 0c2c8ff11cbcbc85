import type { Params } from 'react-router';
import { idParam } from '@/lib/current-ids';

/** Chapter pages: every id of the path (`sid`, `cid`, `scid`) present must be a positive integer. */
export const checkIds = (params: Params) =>
  (['sid', 'cid', 'scid'] as const).every(
    (key) => params[key] === undefined || idParam(params[key]) !== null,
  );
