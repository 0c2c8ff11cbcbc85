import type {
  AdminCompanyDto,
  AdminMemberDto,
  AdminSeminarDto,
  AdminUserDetailDto,
  AdminUserDto,
  AuditEntryDto,
  CompanyDto,
  FailedJobDto,
} from '@elearn/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Handler, MockRequest } from '@/testing/fetch-mock';
import { paginatorOf } from '@/testing/fixtures';
import { currentUrl, renderApp, users } from '@/testing/test-utils';
import { changeRows, formatAuditValue } from './components/audit-change';
import { targetPath } from './components/audit-list';
import { companyChanges } from './components/company-detail';
import { sameScopes, toggleScope } from './components/scope-editor';
import {
  AUDIT_FILTERS,
  activeFilterCount,
  dateRangeErrors,
  isDateOnly,
  PAYMENT_FILTERS,
  readListQuery,
  USER_FILTERS,
  writeFilters,
} from './filters';

function adminUser(id: number, first: string, last: string, extra: Partial<AdminUserDto> = {}): AdminUserDto {
  return {
    id,
    username: `${first.toLowerCase()}${id}`,
    first_name: first,
    last_name: last,
    email: `${first.toLowerCase()}@example.org`,
    scopes: [],
    disabled: false,
    email_verified: true,
    created_at: '2025-01-15T09:00:00.000Z',
    companies: [],
    ...extra,
  };
}

const detailOf = (user: AdminUserDto, extra: Partial<AdminUserDetailDto> = {}): AdminUserDetailDto => ({
  ...user,
  bookings: [],
  test_results: [],
  ...extra,
});

const sara = adminUser(21, 'Sara', 'Student');
const tom = adminUser(22, 'Tom', 'Trainer', { scopes: ['trainer'] });
const me = adminUser(users.admin.id, 'Ada', 'Admin', { username: users.admin.username, scopes: ['admin'] });

const acme: AdminCompanyDto = {
  id: 7,
  name: 'Acme AG',
  shortName: 'acme',
  created_at: '2025-01-01T08:00:00.000Z',
  members_count: 1,
  managers: [],
  bookings_count: 0,
  seminars_count: 0,
  former_short_names: [],
};

/** journeys with many clicks: generous on a busy two-core machine */
const UI_TIMEOUT = 20_000;

const emptyPage = () => ({ body: paginatorOf([]) });
const params = (req: MockRequest) => Object.fromEntries(new URLSearchParams(req.search));

describe('admin list filters (URL → API query)', () => {
  it('keeps the valid filters and the page, drops what the server would refuse', () => {
    const query = readListQuery(
      USER_FILTERS,
      new URLSearchParams('q=%20anna%20&scope=trainer&company_id=x&status=gone&page=3&other=1'),
    );
    expect(query).toEqual({ q: 'anna', scope: 'trainer', page: 3 });
    expect(readListQuery(USER_FILTERS, new URLSearchParams('scope=student&company_id=7&page=0'))).toEqual({
      scope: 'student',
      company_id: 7,
      page: 1,
    });
    expect(readListQuery(USER_FILTERS, new URLSearchParams('company_id=99999999999'))).toEqual({ page: 1 });
  });

  it('accepts only real calendar days as dates', () => {
    expect(isDateOnly('2025-02-28')).toBe(true);
    expect(isDateOnly('2024-02-29')).toBe(true);
    expect(isDateOnly('2025-02-29')).toBe(false);
    expect(isDateOnly('2025-13-01')).toBe(false);
    expect(isDateOnly('1.2.2025')).toBe(false);
    expect(
      readListQuery(PAYMENT_FILTERS, new URLSearchParams('from=2025-02-30&to=2025-03-01&status=paid')),
    ).toEqual({ to: '2025-03-01', status: 'paid', page: 1 });
    expect(
      readListQuery(AUDIT_FILTERS, new URLSearchParams('action=user.scopes&target_type=user&actor_id=5')),
    ).toEqual({ action: 'user.scopes', target_type: 'user', actor_id: 5, page: 1 });
    expect(readListQuery(AUDIT_FILTERS, new URLSearchParams('action=user.deleted'))).toEqual({ page: 1 });
  });

  it('writes a filter form: replaces its parameters, removes empty ones, starts at page 1', () => {
    const next = writeFilters(USER_FILTERS, new URLSearchParams('q=old&status=active&page=4&keep=1'), {
      q: 'new',
      status: '',
      scope: 'admin',
    });
    expect(Object.fromEntries(next)).toEqual({ q: 'new', keep: '1', scope: 'admin' });
    expect(activeFilterCount(USER_FILTERS, next)).toBe(2);
    expect(Object.fromEntries(writeFilters(USER_FILTERS, next, {}))).toEqual({ keep: '1' });
  });

  it('checks date ranges', () => {
    expect(dateRangeErrors('', '')).toEqual({});
    expect(dateRangeErrors('2025-03-01', '2025-03-01')).toEqual({});
    expect(dateRangeErrors('2025-03-02', '2025-03-01')).toEqual({ to: 'admin.filters.toBeforeFrom' });
    expect(dateRangeErrors('2025-02-31', '')).toEqual({ from: 'admin.filters.invalidDate' });
  });
});

describe('/admin/users', { timeout: UI_TIMEOUT }, () => {
  it('is only for admins: everyone else goes to /unauthorized', async () => {
    const { router } = renderApp('/admin/users', { user: users.trainer });
    await waitFor(() => expect(currentUrl(router)).toBe('/unauthorized'));
  });

  const listHandlers = {
    'GET /api/admin/users': () => ({ body: paginatorOf([tom], 1, 3, 41) }),
    'GET /api/admin/companies': () => ({ body: paginatorOf([acme]) }),
  };

  it('asks the API with the valid filters of the address; a select applies at once, from page 1', async () => {
    const { user, fetchMock, router } = renderApp('/admin/users?scope=trainer&status=bogus&page=2', {
      user: users.admin,
      handlers: listHandlers,
    });
    const row = await screen.findByTestId('user-row');
    expect(within(row).getByRole('link', { name: 'Tom Trainer' }).getAttribute('href')).toBe(
      '/admin/users/22',
    );
    expect(within(row).getByTestId('user-scopes').textContent).toBe('Trainer');
    expect(params(fetchMock.callsTo('GET /api/admin/users')[0]!)).toEqual({ scope: 'trainer', page: '2' });

    await user.selectOptions(screen.getByTestId('user-filters-status'), 'disabled');
    await waitFor(() => expect(currentUrl(router)).toBe('/admin/users?scope=trainer&status=disabled'));
    await waitFor(() =>
      expect(params(fetchMock.callsTo('GET /api/admin/users').at(-1)!)).toEqual({
        scope: 'trainer',
        status: 'disabled',
        page: '1',
      }),
    );
    fetchMock.expectAllHandled();
  });

  it('offers the companies as a filter, applies the search on submit and resets every filter', async () => {
    const { user, fetchMock, router } = renderApp('/admin/users?status=active', {
      user: users.admin,
      handlers: listHandlers,
    });
    await screen.findByTestId('user-row');
    await user.type(screen.getByTestId('user-filters-q'), 'tom@example.org');
    // the company select submits the whole form, the typed search included
    await user.selectOptions(
      await screen.findByRole('option', { name: 'Acme AG' }).then((o) => o.closest('select')!),
      '7',
    );
    await waitFor(() =>
      expect(params(fetchMock.callsTo('GET /api/admin/users').at(-1)!)).toEqual({
        q: 'tom@example.org',
        company_id: '7',
        status: 'active',
        page: '1',
      }),
    );
    await user.click(screen.getByTestId('user-filters-reset'));
    await waitFor(() => expect(currentUrl(router)).toBe('/admin/users'));
    await waitFor(() => expect(screen.getByTestId('user-filters-q')).toHaveProperty('value', ''));
  });

  it('says when no account matches the filters', async () => {
    renderApp('/en/admin/users?q=nobody', {
      user: users.admin,
      handlers: { 'GET /api/admin/users': emptyPage, 'GET /api/admin/companies': emptyPage },
    });
    expect((await screen.findByTestId('users-empty')).textContent).toContain(
      'No account matches these filters.',
    );
  });
});

describe('/admin/users/{id}: scopes', { timeout: UI_TIMEOUT }, () => {
  it('pure rules: scopes keep the order of SCOPES, comparison ignores order', () => {
    expect(toggleScope(['trainer'], 'admin', true)).toEqual(['admin', 'trainer']);
    expect(toggleScope(['admin', 'trainer'], 'admin', false)).toEqual(['trainer']);
    expect(toggleScope([], 'corporateTraining', false)).toEqual([]);
    expect(sameScopes(['trainer', 'admin'], ['admin', 'trainer'])).toBe(true);
    expect(sameScopes(['trainer'], [])).toBe(false);
  });

  it('makes a student a trainer with one checkbox and a save', async () => {
    const { user, fetchMock } = renderApp('/admin/users/21', {
      user: users.admin,
      handlers: {
        'GET /api/admin/users/21': () => ({ body: detailOf(sara) }),
        'PATCH /api/admin/users/21/scopes': (req) => ({
          body: { ...sara, scopes: (req.json() as { scopes: string[] }).scopes },
        }),
      },
    });
    expect((await screen.findByTestId('admin-user-name')).textContent).toBe('Sara Student');
    const save = screen.getByTestId('scopes-save');
    expect(save).toHaveProperty('disabled', true);
    await user.click(screen.getByTestId('scope-trainer'));
    expect(save).toHaveProperty('disabled', false);
    await user.click(save);
    await waitFor(() => expect(fetchMock.callsTo('PATCH /api/admin/users/21/scopes')).toHaveLength(1));
    expect(fetchMock.callsTo('PATCH /api/admin/users/21/scopes')[0]!.json()).toEqual({ scopes: ['trainer'] });
    expect(await screen.findByText('Die Rollen wurden gespeichert.')).toBeTruthy();
    // the detail is fetched again after the change
    await waitFor(() => expect(fetchMock.callsTo('GET /api/admin/users/21').length).toBeGreaterThan(1));
  });

  it("shows the server's refusal (last admin) and asks before removing one's own admin role", async () => {
    const { user, fetchMock } = renderApp('/admin/users/5', {
      user: users.admin,
      handlers: {
        'GET /api/admin/users/5': () => ({ body: detailOf(me) }),
        'PATCH /api/admin/users/5/scopes': () => ({
          status: 409,
          body: { message: 'Es muss mindestens ein aktiver Admin bleiben.', code: 'admin.last_admin' },
        }),
      },
    });
    await screen.findByTestId('scope-editor');
    expect(screen.getByText('Das sind Sie')).toBeTruthy();
    await user.click(screen.getByTestId('scope-admin'));
    await user.click(screen.getByTestId('scopes-save'));
    // nothing is sent before the confirmation; cancel keeps it that way
    const dialog = await screen.findByRole('dialog', { name: 'Eigene Admin-Rolle entfernen?' });
    await user.click(within(dialog).getByTestId('confirm-cancel'));
    expect(fetchMock.callsTo('PATCH /api/admin/users/5/scopes')).toHaveLength(0);

    await user.click(screen.getByTestId('scopes-save'));
    await user.click(within(await screen.findByRole('dialog')).getByTestId('confirm-ok'));
    expect((await screen.findByTestId('scope-error')).textContent).toBe(
      'Es muss mindestens ein aktiver Admin bleiben.',
    );
    expect(fetchMock.callsTo('PATCH /api/admin/users/5/scopes')[0]!.json()).toEqual({ scopes: [] });
    // the checkbox still shows what was asked for; the saved state is one click away
    expect(screen.getByTestId('scope-admin')).toHaveProperty('checked', false);
  });
});

describe('/admin/users/{id}: account actions need a confirmation', { timeout: UI_TIMEOUT }, () => {
  it('disables only after confirming, and shows a refusal in the dialog', async () => {
    let disabled = false;
    const { user, fetchMock } = renderApp('/en/admin/users/21', {
      user: users.admin,
      handlers: {
        'GET /api/admin/users/21': () => ({ body: detailOf({ ...sara, disabled }) }),
        'POST /api/admin/users/21/disable': () => {
          disabled = true;
          return { body: { ...sara, disabled: true } };
        },
        'POST /api/admin/users/21/enable': () => ({
          status: 409,
          body: { message: 'Conflict of a test.', code: 'conflict' },
        }),
      },
    });
    await user.click(await screen.findByTestId('user-disable'));
    let dialog = await screen.findByRole('dialog', { name: 'Disable Sara Student?' });
    expect(dialog.textContent).toContain('Every session of the account ends at once');
    await user.click(within(dialog).getByTestId('confirm-cancel'));
    expect(fetchMock.callsTo('POST /api/admin/users/21/disable')).toHaveLength(0);

    await user.click(screen.getByTestId('user-disable'));
    await user.click(within(await screen.findByRole('dialog')).getByTestId('confirm-ok'));
    expect(await screen.findByText('Sara Student has been disabled.')).toBeTruthy();
    expect(fetchMock.callsTo('POST /api/admin/users/21/disable')).toHaveLength(1);
    // the refreshed detail offers "enable"; mails are not offered to disabled accounts
    const enable = await screen.findByTestId('user-enable');
    expect(screen.getByTestId('user-password-reset')).toHaveProperty('disabled', true);

    await user.click(enable);
    dialog = await screen.findByRole('dialog', { name: 'Enable Sara Student?' });
    await user.click(within(dialog).getByTestId('confirm-ok'));
    expect((await within(dialog).findByTestId('confirm-error')).textContent).toBe('Conflict of a test.');
  });

  it('resends the verification mail of an unverified account after confirming', async () => {
    const { user, fetchMock } = renderApp('/admin/users/21', {
      user: users.admin,
      handlers: {
        'GET /api/admin/users/21': () => ({ body: detailOf({ ...sara, email_verified: false }) }),
        'POST /api/admin/users/21/verification': () => ({
          status: 202,
          body: { message: 'Die E-Mail wurde versendet.' },
        }),
      },
    });
    expect((await screen.findByTestId('user-status')).textContent).toBe('E-Mail unbestätigt');
    await user.click(screen.getByTestId('user-resend-verification'));
    const dialog = await screen.findByRole('dialog', { name: 'Bestätigungs-E-Mail senden?' });
    expect(dialog.textContent).toContain('sara@example.org');
    await user.click(within(dialog).getByTestId('confirm-ok'));
    expect(await screen.findByText('Die E-Mail wurde versendet.')).toBeTruthy();
    expect(fetchMock.callsTo('POST /api/admin/users/21/verification')).toHaveLength(1);
  });

  it('shows bookings, test results and companies of the user', async () => {
    renderApp('/admin/users/21', {
      user: users.admin,
      handlers: {
        'GET /api/admin/users/21': () => ({
          body: detailOf(
            { ...sara, companies: [{ id: 7, name: 'Acme AG', shortName: 'acme', manager: false }] },
            {
              bookings: [
                {
                  id: 3,
                  seminar: { id: 40, title: 'Projektarbeit', slug: 'projektarbeit' },
                  status: 'paid',
                  price: 24900,
                  currency: 'CHF',
                  created_at: '2025-02-01T10:00:00.000Z',
                },
              ],
              test_results: [
                {
                  run_id: 9,
                  mc_test: { id: 2, label: 'Abschlusstest' },
                  achievedPercent: 66.67,
                  accomp: true,
                  passed: false,
                  stopped_at: '2025-02-02T10:00:00.000Z',
                },
              ],
            },
          ),
        }),
      },
    });
    const booking = await screen.findByTestId('user-booking');
    expect(within(booking).getByRole('link', { name: 'Projektarbeit' }).getAttribute('href')).toBe(
      '/seminar/id/40',
    );
    expect(within(booking).getByTestId('status-tag').textContent).toBe('Bezahlt');
    expect(booking.textContent).toMatch(/249,00\sCHF/);
    const result = screen.getByTestId('user-result');
    expect(result.textContent).toContain('Abschlusstest');
    expect(result.textContent).toContain('66,7\u00a0%');
    expect(
      within(screen.getByTestId('user-companies'))
        .getByRole('link', { name: 'Acme AG' })
        .getAttribute('href'),
    ).toBe('/admin/companies/7');
  });
});

describe('/admin/companies', { timeout: UI_TIMEOUT }, () => {
  it('validates a new company like the server, and puts the server answer on the field', async () => {
    const { user, fetchMock } = renderApp('/admin/companies', {
      user: users.admin,
      handlers: {
        'GET /api/admin/companies': () => ({ body: paginatorOf([acme]) }),
        'POST /api/admin/companies': () => ({
          status: 422,
          body: {
            message: 'Die Eingaben sind ungültig.',
            code: 'company.short_name_taken',
            errors: { shortName: ['Dieser Kurzname ist bereits vergeben.'] },
          },
        }),
      },
    });
    const form = await screen.findByTestId('create-company-form');
    await user.click(within(form).getByTestId('create-company-submit'));
    expect(await within(form).findAllByRole('alert')).toHaveLength(2);
    await user.type(within(form).getByTestId('create-company-name'), 'Beta GmbH');
    await user.type(within(form).getByTestId('create-company-short-name'), 'Beta AG!');
    await user.click(within(form).getByTestId('create-company-submit'));
    expect(await within(form).findByText('Kurzname: 2–40 Zeichen, nur a–z, 0–9, - und _.')).toBeTruthy();
    expect(fetchMock.callsTo('POST /api/admin/companies')).toHaveLength(0);

    await user.clear(within(form).getByTestId('create-company-short-name'));
    await user.type(within(form).getByTestId('create-company-short-name'), 'Acme');
    await user.click(within(form).getByTestId('create-company-submit'));
    expect(await within(form).findByText('Dieser Kurzname ist bereits vergeben.')).toBeTruthy();
    // the short name is sent in lower case, as the server stores it
    expect(fetchMock.callsTo('POST /api/admin/companies')[0]!.json()).toEqual({
      name: 'Beta GmbH',
      shortName: 'acme',
    });
  });
});

describe('/admin/companies/{id}', { timeout: UI_TIMEOUT }, () => {
  const anna: AdminMemberDto = {
    id: 11,
    username: 'anna11',
    first_name: 'Anna',
    last_name: 'Arm',
    email: 'anna@acme.example',
    scopes: [],
    manager: false,
  };

  function renderCompany(handlers: Record<string, Handler> = {}) {
    return renderApp('/admin/companies/7', {
      user: users.admin,
      handlers: {
        'GET /api/admin/companies/7': () => ({ body: acme }),
        'GET /api/admin/companies/7/members': () => ({ body: paginatorOf([anna]) }),
        ...handlers,
      },
    });
  }

  it('loads the company by id; an unknown id is "page not found"', async () => {
    const { unmount } = renderCompany();
    expect((await screen.findByTestId('admin-company-name')).textContent).toBe('Acme AG');
    unmount();
    const missing = { status: 404, body: { message: 'x', code: 'not_found' } };
    renderApp('/admin/companies/99', {
      user: users.admin,
      handlers: {
        'GET /api/admin/companies/99': () => missing,
        'GET /api/admin/companies/99/members': () => missing,
      },
    });
    expect((await screen.findByTestId('error-page')).getAttribute('data-status')).toBe('404');
  });

  it('sends only the changed fields of a rename', () => {
    expect(companyChanges(acme, { name: 'Acme AG', shortName: 'acme-ag' })).toEqual({ shortName: 'acme-ag' });
    expect(companyChanges(acme, { name: 'ACME', shortName: 'acme' })).toEqual({ name: 'ACME' });
    expect(companyChanges(acme, { name: 'Acme AG', shortName: 'acme' })).toEqual({});
  });

  it('removes a member only after confirming', async () => {
    const { user, fetchMock } = renderCompany({
      'DELETE /api/admin/companies/7/members/11': () => ({ status: 204 }),
    });
    const row = await screen.findByTestId('admin-member-row');
    await user.click(within(row).getByTestId('admin-member-remove'));
    const dialog = await screen.findByRole('dialog', { name: 'Anna Arm entfernen?' });
    await user.click(within(dialog).getByTestId('confirm-cancel'));
    expect(fetchMock.callsTo('DELETE /api/admin/companies/7/members/11')).toHaveLength(0);
    await user.click(within(row).getByTestId('admin-member-remove'));
    await user.click(within(await screen.findByRole('dialog')).getByTestId('confirm-ok'));
    await waitFor(() =>
      expect(fetchMock.callsTo('DELETE /api/admin/companies/7/members/11')).toHaveLength(1),
    );
    expect(await screen.findByText('Anna Arm gehört nicht mehr zu «Acme AG».')).toBeTruthy();
  });

  it("shows why a member can't be a manager (the server's field message)", async () => {
    const { user } = renderCompany({
      'PATCH /api/admin/companies/7/members/11': () => ({
        status: 422,
        body: {
          message: 'Die Eingaben sind ungültig.',
          code: 'company.manager_scope',
          errors: { manager: ['Nur Personen mit der Rolle corporateTraining können eine Firma verwalten.'] },
        },
      }),
    });
    await user.click(await screen.findByTestId('admin-member-manager'));
    expect((await screen.findByTestId('admin-members-error')).textContent).toBe(
      'Nur Personen mit der Rolle corporateTraining können eine Firma verwalten.',
    );
  });

  it('deletes a company after confirming; a company that is not empty gets the server message', async () => {
    const { user, fetchMock } = renderCompany({
      'DELETE /api/admin/companies/7': () => ({
        status: 409,
        body: {
          message: 'Die Firma hat noch Mitglieder, Buchungen oder Firmenseminare.',
          code: 'company.not_empty',
        },
      }),
    });
    await user.click(await screen.findByTestId('delete-company-open'));
    const dialog = await screen.findByRole('dialog', { name: '«Acme AG» löschen?' });
    await user.click(within(dialog).getByTestId('confirm-ok'));
    expect((await within(dialog).findByTestId('confirm-error')).textContent).toBe(
      'Die Firma hat noch Mitglieder, Buchungen oder Firmenseminare.',
    );
    expect(fetchMock.callsTo('DELETE /api/admin/companies/7')).toHaveLength(1);
  });

  it('renames: only the short name is sent, with a note that old links keep working', async () => {
    const { user, fetchMock } = renderCompany({
      'PATCH /api/admin/companies/7': (req) => ({
        body: { ...acme, ...(req.json() as object), former_short_names: ['acme'] },
      }),
    });
    const input = await screen.findByTestId('edit-company-short-name');
    await user.clear(input);
    await user.type(input, 'acme-neu');
    expect(screen.getByText(/Alte Links mit «acme» führen weiterhin zur Firma/)).toBeTruthy();
    await user.click(screen.getByTestId('edit-company-submit'));
    await waitFor(() => expect(fetchMock.callsTo('PATCH /api/admin/companies/7')).toHaveLength(1));
    expect(fetchMock.callsTo('PATCH /api/admin/companies/7')[0]!.json()).toEqual({ shortName: 'acme-neu' });
  });
});

describe('/admin/seminars: hand a seminar over', { timeout: UI_TIMEOUT }, () => {
  const seminar: AdminSeminarDto = {
    id: 40,
    title: 'Projektarbeit',
    slug: 'projektarbeit',
    is_public: true,
    isCompany: false,
    company: null,
    owner: { id: 22, username: 'tom22', first_name: 'Tom', last_name: 'Trainer' },
    price: 24900,
    currency: 'CHF',
    bookings_count: 3,
    company_bookings_count: 0,
    revenue: 49800,
    created_at: '2025-01-01T08:00:00.000Z',
  };
  const tina = adminUser(23, 'Tina', 'Teacher', { scopes: ['trainer'] });

  it('picks a trainer from the users with the trainer scope and sends the new owner', async () => {
    const { user, fetchMock } = renderApp('/admin/seminars', {
      user: users.admin,
      handlers: {
        'GET /api/admin/seminars': () => ({ body: paginatorOf([seminar]) }),
        'GET /api/admin/users': () => ({ body: paginatorOf([tom, tina]) }),
        'PATCH /api/admin/seminars/40/owner': () => ({
          body: {
            ...seminar,
            owner: { id: 23, username: 'tina23', first_name: 'Tina', last_name: 'Teacher' },
          },
        }),
      },
    });
    const row = await screen.findByTestId('admin-seminar-row');
    expect(row.textContent).toMatch(/498,00\sCHF/);
    await user.click(within(row).getByTestId('admin-seminar-hand-over'));
    const dialog = await screen.findByTestId('owner-dialog');
    const options = await within(dialog).findAllByTestId('owner-option');
    expect(params(fetchMock.callsTo('GET /api/admin/users').at(-1)!)).toMatchObject({ scope: 'trainer' });
    // the current owner can't be picked
    expect(options[0]).toHaveProperty('disabled', true);
    expect(screen.getByTestId('owner-submit')).toHaveProperty('disabled', true);
    await user.click(options[1]!);
    await user.click(screen.getByTestId('owner-submit'));
    await waitFor(() => expect(fetchMock.callsTo('PATCH /api/admin/seminars/40/owner')).toHaveLength(1));
    expect(fetchMock.callsTo('PATCH /api/admin/seminars/40/owner')[0]!.json()).toEqual({ owner_id: 23 });
    expect(await screen.findByText('«Projektarbeit» gehört jetzt Tina Teacher.')).toBeTruthy();
  });
});

describe('/admin/payments', { timeout: UI_TIMEOUT }, () => {
  it('filters by status at once and refuses a date range that ends before it starts', async () => {
    const { user, fetchMock, router } = renderApp('/admin/payments', {
      user: users.admin,
      handlers: { 'GET /api/admin/payments': emptyPage },
    });
    expect((await screen.findByTestId('admin-payments-empty')).textContent).toContain(
      'Es gibt noch keine Zahlungen.',
    );
    await user.selectOptions(screen.getByTestId('payment-filters-status'), 'paid');
    await waitFor(() => expect(currentUrl(router)).toBe('/admin/payments?status=paid'));

    await user.type(screen.getByTestId('payment-filters-from'), '2025-03-10');
    await user.type(screen.getByTestId('payment-filters-to'), '2025-03-01');
    await user.click(screen.getByTestId('payment-filters-submit'));
    expect(await screen.findByText('Das Enddatum liegt vor dem Startdatum.')).toBeTruthy();
    expect(currentUrl(router)).toBe('/admin/payments?status=paid');

    await user.clear(screen.getByTestId('payment-filters-to'));
    await user.type(screen.getByTestId('payment-filters-to'), '2025-03-31');
    await user.click(screen.getByTestId('payment-filters-submit'));
    await waitFor(() =>
      expect(params(fetchMock.callsTo('GET /api/admin/payments').at(-1)!)).toEqual({
        status: 'paid',
        from: '2025-03-10',
        to: '2025-03-31',
        page: '1',
      }),
    );
    expect((await screen.findByTestId('admin-payments-empty')).textContent).toContain(
      'Keine Zahlung passt zu diesen Filtern.',
    );
  });
});

describe('audit trail', { timeout: UI_TIMEOUT }, () => {
  const scopesEntry: AuditEntryDto = {
    id: 1,
    created_at: '2025-03-01T10:00:00.000Z',
    actor: { id: 5, username: 'admin1' },
    action: 'user.scopes',
    target_type: 'user',
    target_id: 21,
    target_label: 'sara21',
    before: { scopes: [] },
    after: { scopes: ['trainer'] },
  };
  const createdEntry: AuditEntryDto = {
    id: 2,
    created_at: '2025-03-01T11:00:00.000Z',
    actor: { id: 5, username: 'admin1' },
    action: 'company.updated',
    target_type: 'company',
    target_id: 7,
    target_label: 'Acme AG',
    before: { name: 'Acme', shortName: 'acme' },
    after: { name: 'Acme AG', shortName: 'acme' },
  };
  const graduation: AuditEntryDto = {
    id: 3,
    created_at: '2025-03-02T11:00:00.000Z',
    actor: null,
    action: 'graduation.confirmed',
    target_type: 'graduation',
    target_id: 90,
    target_label: 'Abschlusstest – Sara Student',
    before: null,
    after: { passed: true },
  };

  it('lines up before and after by field and marks what changed', () => {
    expect(changeRows({ scopes: [] }, { scopes: ['trainer'] })).toEqual([
      { field: 'scopes', before: [], after: ['trainer'], changed: true },
    ]);
    expect(changeRows(null, { name: 'Beta', shortName: 'beta' })).toEqual([
      { field: 'name', before: undefined, after: 'Beta', changed: true },
      { field: 'shortName', before: undefined, after: 'beta', changed: true },
    ]);
    expect(changeRows({ a: 1, b: 2 }, { b: 2, c: 3 }).map((row) => [row.field, row.changed])).toEqual([
      ['a', true],
      ['b', false],
      ['c', true],
    ]);
    expect(changeRows(false, true)).toEqual([{ field: '', before: false, after: true, changed: true }]);
    const t = (key: string, options?: Record<string, unknown>) =>
      (options?.defaultValue as string | undefined) ?? key;
    expect(formatAuditValue({ owner_id: 4, manager: null }, '', t)).toBe('owner_id: 4; manager: —');
  });

  it('links targets to their admin page', () => {
    expect(targetPath(scopesEntry)).toBe('/admin/users/21');
    expect(targetPath(createdEntry)).toBe('/admin/companies/7');
    expect(targetPath({ action: 'seminar.owner_changed', target_type: 'seminar', target_id: 40 })).toBe(
      '/seminar/id/40',
    );
    expect(targetPath({ ...createdEntry, action: 'company.deleted' })).toBeNull();
    expect(targetPath(graduation)).toBeNull();
  });

  it('renders entries readably in German and English and filters by action and actor', async () => {
    const { user, fetchMock, router } = renderApp('/admin/audit', {
      user: users.admin,
      handlers: {
        'GET /api/admin/audit': () => ({ body: paginatorOf([graduation, createdEntry, scopesEntry]) }),
        'GET /api/admin/users': (req) => ({
          body: paginatorOf(new URLSearchParams(req.search).get('scope') === 'admin' ? [me] : [tom]),
        }),
      },
    });
    const entries = await screen.findAllByTestId('audit-entry');
    const [grad, company, scopes] = entries as [HTMLElement, HTMLElement, HTMLElement];
    expect(within(scopes).getByTestId('audit-action').textContent).toBe('Rollen geändert');
    expect(within(scopes).getByTestId('audit-before').textContent).toBe('Teilnehmende (keine Rolle)');
    expect(within(scopes).getByTestId('audit-after').textContent).toBe('Trainer');
    expect(within(scopes).getByRole('link', { name: 'sara21' }).getAttribute('href')).toBe('/admin/users/21');

    const rows = within(company).getAllByTestId('audit-change-row');
    expect(rows.map((row) => [row.dataset.field, row.dataset.changed])).toEqual([
      ['name', 'true'],
      ['shortName', 'false'],
    ]);
    expect(rows[0]!.textContent).toBe('NameAcmeAcme AG');

    expect(within(grad).getByTestId('audit-actor').textContent).toBe('System');
    expect(within(grad).getByTestId('audit-before').textContent).toBe('—');
    expect(within(grad).getByTestId('audit-after').textContent).toBe('Ja');
    expect(within(grad).getByTestId('audit-target').textContent).toContain('Abschluss');

    await user.selectOptions(screen.getByTestId('audit-filters-action'), 'user.disabled');
    await waitFor(() => expect(currentUrl(router)).toBe('/admin/audit?action=user.disabled'));
    await user.selectOptions(screen.getByTestId('audit-filters-actor_id'), 'Ada Admin (@admin1)');
    await waitFor(() =>
      expect(params(fetchMock.callsTo('GET /api/admin/audit').at(-1)!)).toEqual({
        action: 'user.disabled',
        actor_id: '5',
        page: '1',
      }),
    );
    fetchMock.expectAllHandled();
  });

  // as the server writes them: the graduation's `passed` is 0 or 1, moments are ISO strings
  const unconfirmed: AuditEntryDto = {
    ...graduation,
    id: 4,
    action: 'graduation.unconfirmed',
    before: { passed: 1 },
    after: { passed: 0 },
  };
  const deletion: AuditEntryDto = {
    ...scopesEntry,
    id: 5,
    action: 'user.deletion_requested',
    before: null,
    after: { due_at: '2025-04-01T12:00:00.000Z' },
  };
  const revoked: AuditEntryDto = {
    ...graduation,
    id: 6,
    action: 'certificate.revoked',
    target_type: 'certificate',
    before: { revoked: false },
    after: { revoked: true, reason: 'Falscher Name' },
  };

  it.each([
    ['de', ['Ja', 'Nein'], /^01\.04\.2025, \d{2}:\d{2}$/, ['Nein', 'Ja']],
    ['en', ['Yes', 'No'], /^1 Apr 2025, \d{2}:\d{2}$/, ['No', 'Yes']],
  ] as const)(
    'shows stored values in words, not as 0 → 1 (issue 32 item 14, %s)',
    async (lang, passed, due, revokedWords) => {
      renderApp(lang === 'en' ? '/en/admin/audit' : '/admin/audit', {
        user: users.admin,
        handlers: {
          'GET /api/admin/audit': () => ({ body: paginatorOf([unconfirmed, deletion, revoked]) }),
          'GET /api/admin/users': emptyPage,
        },
      });
      const [grad, del, rev] = await screen.findAllByTestId('audit-entry');
      expect(within(grad!).getByTestId('audit-before').textContent).toBe(passed[0]);
      expect(within(grad!).getByTestId('audit-after').textContent).toBe(passed[1]);
      expect(within(del!).getByTestId('audit-before').textContent).toBe('—');
      expect(within(del!).getByTestId('audit-after').textContent).toMatch(due);
      const [revokedRow] = within(rev!).getAllByTestId('audit-change-row');
      expect(within(revokedRow!).getByTestId('audit-before').textContent).toBe(revokedWords[0]);
      expect(within(revokedRow!).getByTestId('audit-after').textContent).toBe(revokedWords[1]);
    },
  );

  it('speaks English under /en', async () => {
    renderApp('/en/admin/audit', {
      user: users.admin,
      handlers: {
        'GET /api/admin/audit': () => ({ body: paginatorOf([scopesEntry]) }),
        'GET /api/admin/users': emptyPage,
      },
    });
    const entry = await screen.findByTestId('audit-entry');
    expect(within(entry).getByTestId('audit-action').textContent).toBe('Roles changed');
    expect(within(entry).getByTestId('audit-before').textContent).toBe('Student (no role)');
    expect(within(entry).getByRole('link', { name: 'sara21' }).getAttribute('href')).toBe(
      '/en/admin/users/21',
    );
  });
});

describe('admin layout and overview', { timeout: UI_TIMEOUT }, () => {
  it('has a navigation of the sections and cards with their sizes', async () => {
    renderApp('/en/admin', {
      user: users.admin,
      handlers: {
        'GET /api/admin/users': () => ({ body: paginatorOf([me], 1, 12, 12) }),
        'GET /api/admin/companies': () => ({ body: paginatorOf([acme], 1, 3, 3) }),
        'GET /api/admin/seminars': emptyPage,
        'GET /api/admin/payments': emptyPage,
        'GET /api/admin/audit': emptyPage,
        'GET /api/admin/jobs': () => ({ body: [] }),
        'GET /api/admin/jobs/failed': emptyPage,
      },
    });
    const nav = await screen.findByRole('navigation', { name: 'Administration' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual([
      ['Overview', '/en/admin'],
      ['Users', '/en/admin/users'],
      ['Companies', '/en/admin/companies'],
      ['Seminars', '/en/admin/seminars'],
      ['Payments', '/en/admin/payments'],
      ['Invoices', '/en/admin/invoices'],
      ['Revenue', '/en/admin/revenue'],
      ['Seller', '/en/admin/seller'],
      ['Vouchers', '/en/admin/vouchers'],
      ['Audit trail', '/en/admin/audit'],
      ['Deletions', '/en/admin/deletions'],
    ]);
    expect(within(nav).getByRole('link', { name: 'Overview' }).getAttribute('aria-current')).toBe('page');
    await waitFor(() => expect(screen.getByTestId('admin-count-users').textContent).toBe('12'));
    await waitFor(() => expect(screen.getByTestId('admin-count-companies').textContent).toBe('3'));
    expect(screen.getByTestId('admin-card-audit').getAttribute('href')).toBe('/en/admin/audit');
    expect(await screen.findByText('No job has failed.')).toBeTruthy();
  });

  const failedMail: FailedJobDto = {
    id: '6f1c2d3e-0000-4000-8000-000000000001',
    kind: 'mail',
    last_error: 'connect ECONNREFUSED 127.0.0.1:25',
    attempts: 9,
    created_at: '2026-11-28T08:00:00.000Z',
    failed_at: '2026-11-28T09:30:00.000Z',
  };

  it('shows the job queue per kind and the failed jobs; retries one and discards one after asking', async () => {
    let failed = [
      failedMail,
      { ...failedMail, id: '6f1c2d3e-0000-4000-8000-000000000002', kind: 'password-reset' },
    ];
    const { user, fetchMock } = renderApp('/admin', {
      user: users.admin,
      handlers: {
        'GET /api/admin/users': emptyPage,
        'GET /api/admin/companies': emptyPage,
        'GET /api/admin/seminars': emptyPage,
        'GET /api/admin/payments': emptyPage,
        'GET /api/admin/audit': emptyPage,
        'GET /api/admin/jobs': () => ({
          body: [
            {
              kind: 'mail',
              queued: 3,
              active: 1,
              failed: failed.length,
              oldest_waiting_seconds: 42,
              schedule: null,
            },
            {
              kind: 'password-reset',
              queued: 0,
              active: 0,
              failed: 0,
              oldest_waiting_seconds: 0,
              schedule: null,
            },
          ],
        }),
        'GET /api/admin/jobs/failed': () => ({ body: paginatorOf(failed, 1, 10, failed.length) }),
        'POST /api/admin/jobs/6f1c2d3e-0000-4000-8000-000000000001/retry': () => {
          failed = failed.slice(1);
          return { body: { message: 'Der Auftrag wird erneut ausgeführt.' } };
        },
        'DELETE /api/admin/jobs/6f1c2d3e-0000-4000-8000-000000000002': () => {
          failed = [];
          return { status: 204 };
        },
      },
    });
    const kinds = await screen.findByTestId('admin-job-kinds');
    await waitFor(() => expect(within(kinds).getAllByRole('row')).toHaveLength(3));
    const mailRow = within(kinds).getByText('E-Mails').closest('tr')!;
    expect(Array.from(mailRow.querySelectorAll('td')).map((cell) => cell.textContent)).toEqual([
      'E-Mails',
      '3',
      '1',
      '2',
      '42 Sekunden',
      '–',
      '',
    ]);
    const list = await screen.findByTestId('admin-failed-jobs');
    const row = within(list).getByTestId(`failed-job-${failedMail.id}`);
    expect(row.textContent).toContain('connect ECONNREFUSED 127.0.0.1:25');
    expect(row.textContent).toContain('9');

    await user.click(within(row).getByRole('button', { name: 'Erneut ausführen' }));
    const retry = await screen.findByRole('dialog', { name: 'Auftrag erneut ausführen?' });
    expect(retry.textContent).toContain('«E-Mails»');
    await user.click(within(retry).getByTestId('confirm-ok'));
    await waitFor(() => expect(screen.queryByTestId(`failed-job-${failedMail.id}`)).toBeNull());
    expect(fetchMock.callsTo(`POST /api/admin/jobs/${failedMail.id}/retry`)).toHaveLength(1);

    const other = screen.getByTestId('failed-job-6f1c2d3e-0000-4000-8000-000000000002');
    expect(other.textContent).toContain('Passwort vergessen');
    await user.click(within(other).getByRole('button', { name: 'Verwerfen' }));
    const discard = await screen.findByRole('dialog', { name: 'Auftrag verwerfen?' });
    await user.click(within(discard).getByTestId('confirm-ok'));
    expect(await screen.findByText('Kein Auftrag ist fehlgeschlagen.')).toBeTruthy();
    expect(fetchMock.callsTo('DELETE /api/admin/jobs/6f1c2d3e-0000-4000-8000-000000000002')).toHaveLength(1);
  });

  it('keeps a refusal of the server in the dialog (a job retried elsewhere meanwhile: 404)', async () => {
    const { user } = renderApp('/en/admin', {
      user: users.admin,
      handlers: {
        'GET /api/admin/users': emptyPage,
        'GET /api/admin/companies': emptyPage,
        'GET /api/admin/seminars': emptyPage,
        'GET /api/admin/payments': emptyPage,
        'GET /api/admin/audit': emptyPage,
        'GET /api/admin/jobs': () => ({ body: [] }),
        'GET /api/admin/jobs/failed': () => ({ body: paginatorOf([failedMail], 1, 10, 11) }),
        [`POST /api/admin/jobs/${failedMail.id}/retry`]: () => ({
          status: 404,
          body: { message: 'Not found.', code: 'not_found' },
        }),
      },
    });
    const row = await screen.findByTestId(`failed-job-${failedMail.id}`);
    expect(screen.getByText('10 more failed jobs: npm run cli -- jobs:failed lists them all.')).toBeTruthy();
    await user.click(within(row).getByRole('button', { name: 'Run again' }));
    const dialog = await screen.findByRole('dialog', { name: 'Run the job again?' });
    await user.click(within(dialog).getByTestId('confirm-ok'));
    await waitFor(() => expect(dialog.textContent).toContain('Not found.'));
  });
});

describe('/company/{name} of a renamed company', { timeout: UI_TIMEOUT }, () => {
  const renamed: CompanyDto = {
    id: 7,
    name: 'Acme AG',
    shortName: 'acme-neu',
    manager: false,
    members_count: 3,
    abilities: { manage: true },
  };

  it('replaces a former short name in the address with the current one', async () => {
    const { router, fetchMock } = renderApp('/en/company/acme/seminar/booked?x=1', {
      user: { ...users.companyUser, companies: [{ id: 7, name: 'Acme AG', shortName: 'acme-neu' }] },
      handlers: {
        'GET /api/companies/by-name/acme': () => ({ body: renamed }),
        'GET /api/companies/by-name/acme-neu': () => ({ body: renamed }),
        'GET /api/companies/seminars/booked': () => ({ body: [] }),
      },
    });
    await waitFor(() => expect(currentUrl(router)).toBe('/en/company/acme-neu/seminar/booked?x=1'));
    // the company found under the old name is reused, not fetched again
    expect(fetchMock.callsTo('GET /api/companies/by-name/acme-neu')).toHaveLength(0);
    expect(router.state.historyAction).toBe('REPLACE');
  });
});
