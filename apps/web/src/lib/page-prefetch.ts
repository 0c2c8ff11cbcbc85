import type { EnsureQueryDataOptions, QueryClient, QueryKey } from '@tanstack/react-query';
import { isApiError } from './api-client';

/**
 * The query a page shows first, loaded before the page renders (a page module's `prefetch`): the
 * server renders the page with it, its title included (issue 34). A 404 makes the page "not
 * found" (the route loader's rule). Any other failure (403, 5xx) is forgotten: an error is not
 * part of the page's data, so the server renders the page as pending, like the browser's
 * hydration does, and the browser asks again.
 */
export async function prefetchPageQuery<T, K extends QueryKey>(
  queryClient: QueryClient,
  options: EnsureQueryDataOptions<T, Error, T, K>,
): Promise<void> {
  try {
    await queryClient.ensureQueryData(options);
  } catch (error) {
    if (isApiError(error) && error.status === 404) throw error;
    queryClient.removeQueries({ queryKey: options.queryKey, exact: true });
  }
}
