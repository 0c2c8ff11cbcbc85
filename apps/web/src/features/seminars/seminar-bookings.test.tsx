import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { defaultCompletionSettings, paginatorOf, seminarDto } from '@/testing/fixtures';
import { currentUrl, renderApp, users } from '@/testing/test-utils';

const own = seminarDto({
  id: 7,
  title: 'Eigenes Seminar',
  abilities: { edit: true, delete: true, play: true, book: false, booked: false },
});
const booking = (id: number, status: 'free' | 'paid') => ({
  id,
  first_name: `Vor${id}`,
  last_name: `Nach${id}`,
  email: `person${id}@example.test`,
  booked_at: '2026-03-04T10:00:00.000Z',
  status,
});

function render(path: string, bookings: (search: URLSearchParams) => unknown) {
  return renderApp(path, {
    user: users.trainer,
    handlers: {
      'GET /api/seminars/7': () => ({ body: own }),
      'GET /api/chapters': () => ({ body: [] }),
      'GET /api/seminars/7/bookings': (req) => ({ body: bookings(new URLSearchParams(req.search)) }),
      'GET /api/progress/seminars/7/learners': () => ({ body: paginatorOf([]) }),
      'GET /api/progress/seminars/7/settings': () => ({ body: defaultCompletionSettings }),
    },
  });
}

// the first render of a file loads the route's code and catalogs: slow on a loaded machine
describe('the bookings of a seminar, a page at a time (issue 39)', { timeout: 15_000 }, () => {
  it('asks the server for the page of the address and links the other pages', async () => {
    const { fetchMock } = render('/seminar/id/7?page=2', () =>
      paginatorOf([booking(3, 'paid'), booking(4, 'free')], 2, 3, 30),
    );
    const section = await screen.findByTestId('seminar-bookings');
    const rows = await within(section).findAllByTestId('seminar-booking-row');
    expect(rows.map((r) => r.dataset.userId)).toEqual(['3', '4']);
    expect(within(rows[0]!).getByText('Bezahlt')).toBeTruthy();
    expect(within(rows[1]!).getByText('Kostenlos')).toBeTruthy();
    expect(within(section).getByRole('heading', { level: 2 }).textContent).toContain('30');
    expect(fetchMock.callsTo('GET /api/seminars/7/bookings')[0]!.search).toBe('?page=2');
    const next = within(section).getByRole('link', { name: 'Nächste Seite' });
    expect(next.getAttribute('href')).toBe('/seminar/id/7?page=3');
  });

  it('searches by name or e-mail from page 1; no match says so', async () => {
    const { user, fetchMock, router } = render('/en/seminar/id/7?page=2', (search) =>
      search.get('q') ? paginatorOf([]) : paginatorOf([booking(1, 'free')], 2, 2, 13),
    );
    const section = await screen.findByTestId('seminar-bookings');
    await within(section).findAllByTestId('seminar-booking-row');
    await user.type(within(section).getByLabelText('Search bookings (name, e-mail)'), 'nobody');
    await user.click(within(section).getByRole('button', { name: 'Search' }));
    await within(section).findByText('No booking matches the search.', {}, { timeout: 10_000 });
    expect(currentUrl(router)).toBe('/en/seminar/id/7?q=nobody');
    await waitFor(() =>
      expect(fetchMock.callsTo('GET /api/seminars/7/bookings').map((c) => c.search)).toContain(
        '?page=1&q=nobody',
      ),
    );
  });

  it('an empty seminar says it has no bookings yet, without a search box', async () => {
    render('/en/seminar/id/7', () => paginatorOf([]));
    const section = await screen.findByTestId('seminar-bookings');
    await within(section).findByText('No bookings yet.');
    expect(within(section).queryByRole('search')).toBeNull();
  });
});
