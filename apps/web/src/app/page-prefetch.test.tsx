import { useQuery } from '@tanstack/react-query';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { api } from '@/lib/api-client';
import { renderApp } from '@/testing/test-utils';
import type { PageDef, PageModule } from './page-types';
import { PAGES } from './pages';

/** Issue 13: a page's `prefetch` runs in its route loader, so the page renders once, complete. */
const NOTE = { queryKey: ['note'], queryFn: () => api.get<{ text: string }>('/api/note') };

/** what each render of the page showed */
let seen: string[] = [];

function NotePage() {
  const { data, isError } = useQuery(NOTE);
  const text = isError ? 'failed' : data ? data.text : 'loading';
  seen.push(text);
  return <h1>{text}</h1>;
}

const withPage = (prefetch: PageModule['prefetch']): PageDef[] => [
  ...PAGES.filter((p) => p.id !== 'todos'),
  {
    id: 'todos',
    path: '/todos',
    layout: 'default',
    auth: false,
    load: async () => ({ default: NotePage, prefetch }),
  },
];

describe('page prefetch', () => {
  it('renders the page with the data its prefetch loaded, never a loading state', async () => {
    seen = [];
    const { fetchMock } = renderApp('/todos', {
      pages: withPage((queryClient) => queryClient.ensureQueryData(NOTE)),
      handlers: { 'GET /api/note': () => ({ body: { text: 'ready' } }) },
    });
    await screen.findByRole('heading', { level: 1, name: 'ready' });
    expect(seen.length).toBeGreaterThan(0);
    expect(
      seen.every((text) => text === 'ready'),
      seen.join(),
    ).toBe(true);
    expect(fetchMock.callsTo('GET /api/note')).toHaveLength(1);
  });

  it('without a prefetch the same page renders first and loads after (what prefetch avoids)', async () => {
    seen = [];
    renderApp('/todos', {
      pages: withPage(undefined),
      handlers: { 'GET /api/note': () => ({ body: { text: 'ready' } }) },
    });
    await screen.findByRole('heading', { level: 1, name: 'ready' });
    expect(seen[0]).toBe('loading');
  });

  it('a failed prefetch still shows the page, whose own query reports the failure', async () => {
    seen = [];
    renderApp('/todos', {
      pages: withPage((queryClient) => queryClient.ensureQueryData(NOTE)),
      handlers: { 'GET /api/note': () => ({ status: 500, body: { message: 'broken' } }) },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'failed' }, { timeout: 5000 })).toBeTruthy();
  });

  it("a prefetch whose subject the API does not know (404) is the not-found page (issue 34: the server's 404)", async () => {
    seen = [];
    renderApp('/todos', {
      pages: withPage((queryClient) => queryClient.ensureQueryData(NOTE)),
      handlers: { 'GET /api/note': () => ({ status: 404, body: { message: 'gone' } }) },
    });
    expect(await screen.findByText('Seite nicht gefunden')).toBeTruthy();
    expect(screen.queryByRole('heading', { level: 1, name: 'failed' })).toBeNull();
  });
});
