import type { Params } from 'react-router';

/** A company short name of the address: 1–100 characters without a slash. */
export const companyName = (params: Params): string | null => {
  const name = params.name;
  return name && name.length <= 100 && !name.includes('/') ? name : null;
};

export const checkName = (params: Params) => companyName(params) !== null;
