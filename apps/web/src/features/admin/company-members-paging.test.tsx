import type { AdminCompanyDto, AdminMemberDto } from '@elearn/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { paginatorOf } from '@/testing/fixtures';
import { currentUrl, renderApp, users } from '@/testing/test-utils';

/*
 * The members on an admin's company page, a page at a time with a search (issue 39): the page
 * asks the server for the page and search of its address instead of every member at once.
 */
const acme: AdminCompanyDto = {
  id: 7,
  name: 'Acme AG',
  shortName: 'acme',
  created_at: '2025-01-01T08:00:00.000Z',
  members_count: 45,
  managers: [],
  bookings_count: 0,
  seminars_count: 0,
  former_short_names: [],
};
const member = (id: number): AdminMemberDto => ({
  id,
  username: `person${id}`,
  first_name: `Vor${id}`,
  last_name: `Nach${id}`,
  email: `person${id}@acme.example`,
  scopes: [],
  manager: false,
});

function render(path: string, members: (search: URLSearchParams) => unknown) {
  return renderApp(path, {
    user: users.admin,
    handlers: {
      'GET /api/admin/companies/7': () => ({ body: acme }),
      'GET /api/admin/companies/7/members': (req) => ({ body: members(new URLSearchParams(req.search)) }),
    },
  });
}

// the first render of a file loads the route's code and catalogs: slow on a loaded machine
describe('a company’s members in the administration, a page at a time (issue 39)', {
  timeout: 20_000,
}, () => {
  it('asks for the page of the address, shows the total and links the other pages', async () => {
    const { fetchMock } = render('/admin/companies/7?page=2', () =>
      paginatorOf([member(21), member(22)], 2, 3, 45),
    );
    const section = await screen.findByTestId('admin-members', {}, { timeout: 10_000 });
    const rows = await within(section).findAllByTestId('admin-member-row', {}, { timeout: 10_000 });
    expect(rows.map((r) => r.dataset.userId)).toEqual(['21', '22']);
    expect(within(section).getByTestId('admin-members-total').textContent).toBe('Anzahl Mitglieder: 45');
    expect(fetchMock.callsTo('GET /api/admin/companies/7/members')[0]!.search).toBe('?page=2');
    const next = within(section).getByRole('link', { name: 'Nächste Seite' });
    expect(next.getAttribute('href')).toBe('/admin/companies/7?page=3');
  });

  it('in English: searches from page 1; no match says so', async () => {
    const { user, fetchMock, router } = render('/en/admin/companies/7?page=2', (search) =>
      search.get('q') ? paginatorOf([]) : paginatorOf([member(21)], 2, 3, 45),
    );
    const section = await screen.findByTestId('admin-members', {}, { timeout: 10_000 });
    await within(section).findAllByTestId('admin-member-row', {}, { timeout: 10_000 });
    await user.type(within(section).getByLabelText('Search members (name, username, e-mail)'), 'nobody');
    await user.click(within(section).getByRole('button', { name: 'Search' }));
    await within(section).findByText('No member matches the search.', {}, { timeout: 10_000 });
    expect(currentUrl(router)).toBe('/en/admin/companies/7?q=nobody');
    await waitFor(() =>
      expect(fetchMock.callsTo('GET /api/admin/companies/7/members').map((c) => c.search)).toContain(
        '?page=1&q=nobody',
      ),
    );
  });

  it('a company without members says so, without a search box', async () => {
    render('/en/admin/companies/7', () => paginatorOf([]));
    const section = await screen.findByTestId('admin-members', {}, { timeout: 10_000 });
    await within(section).findByText('The company has no members yet.', {}, { timeout: 10_000 });
    expect(within(section).queryByRole('search')).toBeNull();
  });
});
