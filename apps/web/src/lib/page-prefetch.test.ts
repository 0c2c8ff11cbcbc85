import { dehydrate, queryOptions } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { prefetchPageQuery } from './page-prefetch';
import { createQueryClient } from './query-client';

const answering = (answer: () => Promise<string>) =>
  queryOptions({ queryKey: ['page', 'subject'], queryFn: answer });

describe('prefetchPageQuery', () => {
  it("keeps the page's subject in the cache, so the server renders it and sends it along", async () => {
    const queryClient = createQueryClient();
    await prefetchPageQuery(
      queryClient,
      answering(async () => 'the subject'),
    );
    expect(queryClient.getQueryData(['page', 'subject'])).toBe('the subject');
    expect(dehydrate(queryClient).queries).toHaveLength(1);
  });

  it('lets a 404 through: the route loader makes the page "not found"', async () => {
    const queryClient = createQueryClient();
    const gone = answering(() => Promise.reject(new ApiError(404, 'not_found', 'gone')));
    await expect(prefetchPageQuery(queryClient, gone)).rejects.toMatchObject({ status: 404 });
  });

  it('forgets any other failure: the server renders the page pending, as the hydrating browser does', async () => {
    for (const error of [
      new ApiError(403, 'forbidden', 'not yours'),
      new ApiError(500, 'server_error', 'down'),
    ]) {
      const queryClient = createQueryClient();
      await prefetchPageQuery(
        queryClient,
        answering(() => Promise.reject(error)),
      );
      expect(queryClient.getQueryState(['page', 'subject'])).toBeUndefined();
      expect(dehydrate(queryClient).queries).toEqual([]);
    }
  });
});
