import type { QueryClient } from '@tanstack/react-query';
import type { Params } from 'react-router';
import { companyByNameQueryOptions } from '@/features/companies/api/get-company-by-name';
import { prefetchPageQuery } from '@/lib/page-prefetch';

/** A company short name of the address: 1–100 characters without a slash. */
export const companyName = (params: Params): string | null => {
  const name = params.name;
  return name && name.length <= 100 && !name.includes('/') ? name : null;
};

export const checkName = (params: Params) => companyName(params) !== null;

/** The company of the address before the page renders (its name is the page's title). */
export async function prefetchCompany(queryClient: QueryClient, params: Params): Promise<void> {
  const name = companyName(params);
  if (name) await prefetchPageQuery(queryClient, companyByNameQueryOptions(name));
}
