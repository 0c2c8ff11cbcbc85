import type { CompanyDto, EmployeeDto } from '@elearn/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { paginatorOf, seminarDto } from '@/testing/fixtures';
import { currentUrl, renderApp, users } from '@/testing/test-utils';

/*
 * The company's employees a page at a time (issue 39): the employees page and the assign page ask
 * the server for the page and search of the address instead of loading every member.
 */
const acme: CompanyDto = {
  id: 7,
  name: 'Acme AG',
  shortName: 'acme',
  manager: true,
  members_count: 45,
  abilities: { manage: true },
};
const person = (id: number): EmployeeDto => ({
  id,
  username: `person${id}`,
  first_name: `Vor${id}`,
  last_name: `Nach${id}`,
  email: `person${id}@acme.example`,
  manager: false,
  seminars: [],
});
const employeesPage = {
  'GET /api/companies': () => ({ body: [acme] }),
  'GET /api/companies/7/invitation': () => ({ body: { active: false, expires_at: null, created_at: null } }),
  'GET /api/companies/7/member-invitations': () => ({ body: [] }),
};

// the first render of a file loads the route's code and catalogs: slow on a loaded machine
describe('the employees page, a page at a time (issue 39)', { timeout: 15_000 }, () => {
  it('asks the server for the page of the address, shows the total and links the other pages', async () => {
    const { fetchMock } = renderApp('/employees?page=2', {
      user: users.corporateTraining,
      handlers: {
        ...employeesPage,
        'GET /api/companies/7/users': () => ({
          body: { ...paginatorOf([person(21), person(22)], 2, 3, 45), per_page: 20 },
        }),
      },
    });
    const rows = await screen.findAllByTestId('employee-row', {}, { timeout: 10_000 });
    expect(rows.map((r) => r.dataset.userId)).toEqual(['21', '22']);
    expect(screen.getByTestId('employees-total').textContent).toBe('Anzahl Mitarbeitende: 45');
    expect(fetchMock.callsTo('GET /api/companies/7/users')[0]!.search).toBe('?page=2');
    const next = within(screen.getByTestId('pagination')).getByRole('link', { name: 'Nächste Seite' });
    expect(next.getAttribute('href')).toBe('/employees?page=3');
  });

  it('in English: the search goes to the server from page 1; no match says so', async () => {
    const { user, fetchMock, router } = renderApp('/en/employees?page=2', {
      user: users.corporateTraining,
      handlers: {
        ...employeesPage,
        'GET /api/companies/7/users': (req) =>
          new URLSearchParams(req.search).get('q')
            ? { body: paginatorOf([]) }
            : { body: paginatorOf([person(21)], 2, 3, 45) },
      },
    });
    await screen.findAllByTestId('employee-row', {}, { timeout: 10_000 });
    await user.type(screen.getByLabelText('Search employees'), 'nobody');
    await user.click(
      within(screen.getByTestId('employees-search-form')).getByRole('button', { name: 'Search' }),
    );
    expect((await screen.findByTestId('employees-no-matches', {}, { timeout: 10_000 })).textContent).toBe(
      'Nobody matches “nobody”.',
    );
    expect(currentUrl(router)).toBe('/en/employees?q=nobody');
    await waitFor(() =>
      expect(fetchMock.callsTo('GET /api/companies/7/users').map((c) => c.search)).toContain(
        '?page=1&q=nobody',
      ),
    );
  });

  it('a page beyond the last one says it is empty and links back', async () => {
    renderApp('/en/employees?page=9', {
      user: users.corporateTraining,
      handlers: {
        ...employeesPage,
        'GET /api/companies/7/users': () => ({ body: paginatorOf([], 9, 3, 45) }),
      },
    });
    const empty = await screen.findByTestId('employees-page-empty', {}, { timeout: 10_000 });
    expect(empty.textContent).toContain('This page of the list is empty.');
    expect(within(empty).getByRole('link', { name: 'Previous page' }).getAttribute('href')).toBe(
      '/en/employees?page=8',
    );
  });
});

describe('the assign page, a page of employees at a time (issue 39)', { timeout: 15_000 }, () => {
  const seminar = seminarDto({ id: 40, title: 'Sicherheit', isCompany: true, company_id: 7 });
  const assignPage = (users_: (search: URLSearchParams) => unknown) => ({
    'GET /api/seminars/40': () => ({
      body: { ...seminar, abilities: { ...seminar.abilities, book: false } },
    }),
    'GET /api/companies': () => ({ body: [acme] }),
    'GET /api/seminars/40/companies': () => ({
      body: [
        {
          company: { id: 7, name: 'Acme AG', shortName: 'acme' },
          booking_id: 90,
          status: 'free',
          created_at: '2025-02-01T08:00:00.000Z',
          assigned_count: 0,
        },
      ],
    }),
    'GET /api/companies/7/users': (req: { search: string }) => ({
      body: users_(new URLSearchParams(req.search)),
    }),
    'GET /api/seminars/40/users/booked-company': () => ({ body: paginatorOf([]) }),
  });

  it('asks for 50 employees of the address’s page; a selection stays across pages and is assigned at once', async () => {
    const { user, fetchMock } = renderApp('/seminar/id/40/assign-user-company', {
      user: users.corporateTraining,
      handlers: {
        ...assignPage((search) =>
          search.get('page') === '2'
            ? { ...paginatorOf([person(61)], 2, 2, 51), per_page: 50 }
            : { ...paginatorOf([person(11)], 1, 2, 51), per_page: 50 },
        ),
        'POST /api/companies/assign-seminar': () => ({
          body: {
            assigned: [
              { user_id: 11, booking_id: 501 },
              { user_id: 61, booking_id: 502 },
            ],
          },
        }),
      },
    });
    await screen.findByTestId('assign-table', {}, { timeout: 10_000 });
    expect(fetchMock.callsTo('GET /api/companies/7/users')[0]!.search).toBe('?page=1&per_page=50');
    // the assignments of the employees shown, of this company only
    expect(fetchMock.callsTo('GET /api/seminars/40/users/booked-company')[0]!.search).toBe(
      '?page=1&per_page=50&company_id=7&users=11',
    );
    await user.click(screen.getByRole('checkbox', { name: 'Vor11 Nach11 auswählen' }));
    await user.click(within(screen.getByTestId('pagination')).getByRole('link', { name: 'Nächste Seite' }));
    await user.click(
      await screen.findByRole('checkbox', { name: 'Vor61 Nach61 auswählen' }, { timeout: 10_000 }),
    );
    expect(screen.getByTestId('assign-selected-count').textContent).toBe('Ausgewählt: 2');
    await user.click(screen.getByTestId('assign-submit'));
    await waitFor(() => expect(fetchMock.callsTo('POST /api/companies/assign-seminar')).toHaveLength(1));
    expect(fetchMock.callsTo('POST /api/companies/assign-seminar')[0]!.json()).toMatchObject({
      users: [11, 61],
    });
  });

  it('in English: a search without a match says so', async () => {
    const { user } = renderApp('/en/seminar/id/40/assign-user-company', {
      user: users.corporateTraining,
      handlers: assignPage((search) => (search.get('q') ? paginatorOf([]) : paginatorOf([person(11)]))),
    });
    await screen.findByTestId('assign-table', {}, { timeout: 10_000 });
    await user.type(screen.getByTestId('assign-search-input'), 'zz');
    await user.click(screen.getByTestId('assign-search-submit'));
    expect((await screen.findByTestId('assign-no-matches', {}, { timeout: 10_000 })).textContent).toBe(
      'Nobody matches “zz”.',
    );
  });

  it('in English: the seminar’s owner sees a page of the assignments of every company', async () => {
    const owned = { ...seminar, abilities: { ...seminar.abilities, edit: true, book: false } };
    const row = (id: number) => ({
      booking_id: 500 + id,
      assigned_at: '2025-03-01T08:00:00.000Z',
      due_date: null,
      company: { id: 7, name: 'Acme AG', shortName: 'acme' },
      user: {
        id,
        username: `person${id}`,
        first_name: `Vor${id}`,
        last_name: `Nach${id}`,
        email: `p${id}@x.test`,
      },
    });
    const { fetchMock } = renderApp('/en/seminar/id/40/assign-user-company?page=2', {
      user: users.trainer,
      handlers: {
        ...assignPage(() => paginatorOf([])),
        'GET /api/seminars/40': () => ({ body: owned }),
        'GET /api/companies': () => ({ body: [] }),
        'GET /api/seminars/40/users/booked-company': () => ({
          body: paginatorOf([row(31), row(32)], 2, 3, 45),
        }),
      },
    });
    const table = await screen.findByTestId('assign-overview-users', {}, { timeout: 10_000 });
    expect(table.textContent).toContain('Vor31 Nach31');
    expect(table.textContent).toContain('Vor32 Nach32');
    expect(fetchMock.callsTo('GET /api/seminars/40/users/booked-company')[0]!.search).toBe('?page=2');
    const next = within(screen.getByTestId('assign-overview')).getByRole('link', { name: 'Next page' });
    expect(next.getAttribute('href')).toBe('/en/seminar/id/40/assign-user-company?page=3');
  });
});
