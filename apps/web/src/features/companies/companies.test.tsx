import type {
  AccessLinkDto,
  AccessLinkPlay,
  CompanyAssignment,
  CompanyBookingDto,
  CompanyDto,
  EmployeeDto,
  UserDto,
} from '@elearn/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { bookedAbilities, chapterDto, paginatorOf, seminarDto, subChapterDto } from '@/testing/fixtures';
import { currentUrl, renderApp, users } from '@/testing/test-utils';
import { withAccessLink } from './components/access-link-view';
import { splitSelection } from './components/assign-employees';
import { parseDays } from './components/days-field';

const acme: CompanyDto = {
  id: 7,
  name: 'Acme AG',
  shortName: 'acme',
  manager: true,
  members_count: 3,
  abilities: { manage: true },
};
const acmeMember: CompanyDto = { ...acme, manager: false, abilities: { manage: false } };

function employee(id: number, first: string, last: string, extra: Partial<EmployeeDto> = {}): EmployeeDto {
  return {
    id,
    username: `${first.toLowerCase()}${id}`,
    first_name: first,
    last_name: last,
    email: `${first.toLowerCase()}@acme.example`,
    manager: false,
    seminars: [],
    ...extra,
  };
}

const anna = employee(11, 'Anna', 'Arm');
const bert = employee(12, 'Bert', 'Berg');
const carla = employee(13, 'Carla', 'Cruz');

const companySeminar = seminarDto({
  id: 40,
  title: 'Sicherheit am Arbeitsplatz',
  isCompany: true,
  company_id: 7,
});

function assignment(user: EmployeeDto, bookingId: number): CompanyAssignment {
  return {
    booking_id: bookingId,
    assigned_at: '2025-03-01T08:00:00.000Z',
    due_date: null,
    company: { id: 7, name: 'Acme AG', shortName: 'acme' },
    user: {
      id: user.id,
      username: user.username,
      first_name: user.first_name,
      last_name: user.last_name,
      email: user.email,
    },
  };
}

function accessLink(
  id: number,
  status: AccessLinkDto['status'],
  extra: Partial<AccessLinkDto> = {},
): AccessLinkDto {
  return {
    id,
    url: `http://localhost:3000/seminar/access-link/tok${id}`,
    status,
    expires_at: '2025-04-01T08:00:00.000Z',
    created_at: '2025-03-01T08:00:00.000Z',
    revoked_at: status === 'revoked' ? '2025-03-02T08:00:00.000Z' : null,
    last_used_at: null,
    seminar: { id: 40, title: 'Sicherheit am Arbeitsplatz', slug: 'sicherheit' },
    employee: { id: 11, first_name: 'Anna', last_name: 'Arm', username: 'anna11' },
    company: { id: 7, name: 'Acme AG', shortName: 'acme' },
    ...extra,
  };
}

const booking = (seminar = companySeminar, assigned = 1): CompanyBookingDto => ({
  id: 90,
  status: 'free',
  created_at: '2025-02-01T08:00:00.000Z',
  company: { id: 7, name: 'Acme AG', shortName: 'acme' },
  seminar,
  assigned_count: assigned,
});

describe('seminar tabs with a company (spec section 2)', () => {
  async function companyTabs(user: UserDto, company: CompanyDto) {
    renderApp('/company/acme/seminar/booked', {
      user,
      handlers: {
        'GET /api/companies/by-name/acme': () => ({ body: company }),
        'GET /api/companies/seminars/booked': () => ({ body: [] }),
      },
    });
    const nav = await screen.findByRole('navigation', { name: 'Seminarbereich' });
    return within(nav)
      .getAllByRole('link')
      .map((link) => [link.textContent, link.getAttribute('href')]);
  }

  it.each([
    ['trainer', { ...users.trainer, companies: users.companyUser.companies }],
    ['admin', users.admin],
  ])('%s: own, new, bookable, booked of the company', async (_, user) => {
    expect(await companyTabs(user, acmeMember)).toEqual([
      ['Eigene', '/company/acme/seminar/own'],
      ['Neues Seminar', '/company/acme/seminar/new'],
      ['Buchbar', '/company/acme/seminar'],
      ['Gebucht', '/company/acme/seminar/booked'],
    ]);
  });

  it('student of the company: booked only', async () => {
    expect(await companyTabs(users.companyUser, acmeMember)).toEqual([
      ['Gebucht', '/company/acme/seminar/booked'],
    ]);
  });

  it('corporateTraining: all, booked and the booked links (tempList)', async () => {
    expect(await companyTabs(users.corporateTraining, acme)).toEqual([
      ['Alle', '/company/acme/seminar'],
      ['Gebucht', '/company/acme/seminar/booked'],
      ['Zugangslinks', '/seminar/tempList'],
    ]);
  });

  it('keeps the tabs without a company on /seminar for a user with a company', async () => {
    renderApp('/seminar/booked', {
      user: users.companyUser,
      handlers: { 'GET /api/seminars/booked-student': () => ({ body: [] }) },
    });
    const nav = await screen.findByRole('navigation', { name: 'Seminarbereich' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual(['/seminar/booked']);
  });

  it('a student following the navbar link lands on the booked tab and sees the assigned seminar', async () => {
    const assigned = booking({ ...companySeminar, abilities: bookedAbilities });
    const { router } = renderApp('/en/company/acme/seminar', {
      user: users.companyUser,
      handlers: {
        'GET /api/companies/by-name/acme': () => ({ body: acmeMember }),
        'GET /api/companies/seminars/booked': () => ({
          body: [assigned, { ...assigned, id: 91, company: { id: 8, name: 'Other', shortName: 'other' } }],
        }),
      },
    });
    const card = await screen.findByTestId('seminar-card');
    expect(currentUrl(router)).toBe('/en/company/acme/seminar/booked');
    expect(within(card).getByRole('link', { name: 'Sicherheit am Arbeitsplatz' }).getAttribute('href')).toBe(
      '/en/company/acme/seminar/40',
    );
    expect(screen.getAllByTestId('seminar-card')).toHaveLength(1);
    expect(screen.queryByTestId('company-booked-assigned')).toBeNull();
  });

  it("a company the user doesn't belong to: clear message, unknown company: not found", async () => {
    renderApp('/company/acme/seminar/booked', {
      user: users.student,
      handlers: {
        'GET /api/companies/by-name/acme': () => ({
          status: 403,
          body: { message: 'Nein', code: 'forbidden' },
        }),
      },
    });
    expect(await screen.findByTestId('company-forbidden')).toBeTruthy();
    // a page of its own: a heading that says what happened
    expect(screen.getByRole('heading', { level: 1, name: 'Kein Zugang zu dieser Firma' })).toBeTruthy();
  });

  it('an unknown company is "page not found"', async () => {
    renderApp('/company/nope', {
      user: users.student,
      handlers: {
        'GET /api/companies/by-name/nope': () => ({
          status: 404,
          body: { message: 'Weg', code: 'not_found' },
        }),
      },
    });
    expect((await screen.findByTestId('error-page')).getAttribute('data-status')).toBe('404');
  });
});

describe('access-link page (no login)', { timeout: 15_000 }, () => {
  const chapters = [
    chapterDto(
      {
        id: 10,
        label: 'Einstieg',
        content: '<p>Willkommen</p>',
        chapter_videos: [
          {
            id: 1,
            chapter_id: 10,
            label: 'Intro',
            original_name: 'intro.mp4',
            mime: 'video/mp4',
            size: 1000,
            duration_seconds: 5,
            url: '/api/chapters/video/1/stream',
            created_at: '2025-01-01',
          },
        ],
        chapter_docs: [
          {
            id: 3,
            chapter_id: 10,
            label: '',
            original_name: 'skript.pdf',
            mime: 'application/pdf',
            size: 2048,
            duration_seconds: null,
            url: '/api/chapters/doc/3/download',
            created_at: '2025-01-01',
          },
        ],
      },
      [subChapterDto({ id: 11, chapter_id: 10, label: 'Vertiefung', content: '<p>Mehr</p>' })],
    ),
    chapterDto({ id: 20, label: 'Gesperrt', unlocked: 0 }),
  ];
  const play: AccessLinkPlay = {
    seminar: {
      id: 40,
      title: 'Sicherheit am Arbeitsplatz',
      slug: 'sicherheit',
      description: '<p>Überblick</p>',
    },
    chapters,
    expires_at: '2025-04-01T08:00:00.000Z',
    employee: { first_name: 'Anna' },
  };

  it('plays the seminar: chapters, sub-chapters, content, media URLs carry the token', async () => {
    const { user, fetchMock, router } = renderApp('/seminar/access-link/abc_DEF-123', {
      handlers: { 'GET /api/companies/access-link/abc_DEF-123': () => ({ body: play }) },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Sicherheit am Arbeitsplatz' })).toBeTruthy();
    expect(screen.getByTestId('access-link-expires').textContent).toContain('Hallo Anna!');
    const menu = screen.getByTestId('access-link-menu');
    expect(
      within(menu)
        .getAllByTestId('access-link-chapter')
        .map((a) => a.textContent),
    ).toEqual(['Einstieg', 'Vertiefung', 'GesperrtGesperrt']);
    await user.click(screen.getByTestId('access-link-next'));
    expect(currentUrl(router)).toBe('/seminar/access-link/abc_DEF-123?chapter=10');
    const player = await screen.findByTestId('chapter-player');
    expect(within(player).getByTestId('chapter-content').innerHTML).toBe('<p>Willkommen</p>');
    const video = within(player).getByLabelText('Intro') as HTMLVideoElement;
    expect(video.querySelector('source')?.getAttribute('src')).toBe(
      '/api/chapters/video/1/stream?access_link=abc_DEF-123',
    );
    // no done marks, no owner controls for a link holder
    expect(within(player).queryByTestId('chapter-done-toggle')).toBeNull();
    expect(within(player).queryByTestId('chapter-lock-toggle')).toBeNull();

    const blobs: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      blobs.push(blob as Blob);
      return 'blob:x';
    });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    fetchMock.on('GET /api/chapters/doc/3/download', () => ({ body: 'PDF' }));
    await user.click(within(player).getByRole('button', { name: 'Herunterladen: «skript.pdf»' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    expect(fetchMock.callsTo('GET /api/chapters/doc/3/download')[0]!.search).toBe('?access_link=abc_DEF-123');

    await user.click(screen.getByRole('link', { name: 'Vertiefung →' }));
    expect(await screen.findByText('Mehr')).toBeTruthy();
    expect(within(menu).getByRole('link', { name: 'Vertiefung' }).getAttribute('aria-current')).toBe('page');

    await user.click(within(menu).getByRole('link', { name: /Gesperrt/ }));
    expect(await screen.findByTestId('chapter-locked')).toBeTruthy();
    // never asked who is logged in: there is no session
    expect(fetchMock.callsTo('GET /api/user')).toHaveLength(0);
    fetchMock.expectAllHandled();
  });

  it.each([
    ['expired', 410, 'access_link.expired', 'Zugangslink abgelaufen'],
    ['revoked', 410, 'access_link.revoked', 'Zugangslink widerrufen'],
    ['invalid', 404, 'access_link.invalid', 'Zugangslink ungültig'],
    ['throttled', 429, 'rate_limited', 'Zu viele Versuche'],
  ])('a %s link shows a page that says so', async (kind, status, code, title) => {
    renderApp('/seminar/access-link/tok', {
      handlers: { 'GET /api/companies/access-link/tok': () => ({ status, body: { message: 'x', code } }) },
    });
    const problem = await screen.findByTestId('access-link-problem');
    expect(problem.getAttribute('data-kind')).toBe(kind);
    expect(within(problem).getByRole('heading', { level: 1 }).textContent).toBe(title);
    expect(screen.queryByTestId('chapter-player')).toBeNull();
  });

  it('without a token: "access link missing", no request; in English', async () => {
    const { fetchMock } = renderApp('/en/seminar/access-link');
    expect(await screen.findByRole('heading', { level: 1, name: 'Access link missing' })).toBeTruthy();
    expect(fetchMock.calls.filter((c) => c.path.startsWith('/api/companies'))).toHaveLength(0);
  });

  it('adds the token to URLs with and without a query', () => {
    expect(withAccessLink('/api/x', 'a b')).toBe('/api/x?access_link=a%20b');
    expect(withAccessLink('/api/x?y=1#t', 'k')).toBe('/api/x?y=1&access_link=k#t');
  });
});

// two requests before the table (employees, then their assignments): slow on a loaded machine
describe('assign employees (multi-select)', { timeout: 15_000 }, () => {
  const handlers = (assignments: CompanyAssignment[]) => ({
    'GET /api/seminars/40': () => ({
      body: { ...companySeminar, abilities: { ...companySeminar.abilities, book: false } },
    }),
    'GET /api/companies': () => ({ body: [acme] }),
    'GET /api/seminars/40/companies': () => ({
      body: [
        {
          company: { id: 7, name: 'Acme AG', shortName: 'acme' },
          booking_id: 90,
          status: 'free',
          created_at: '2025-02-01T08:00:00.000Z',
          assigned_count: assignments.length,
        },
      ],
    }),
    // the server pages and searches the employees (issue 39): name, username or e-mail
    'GET /api/companies/7/users': (req: { search: string }) => {
      const q = (new URLSearchParams(req.search).get('q') ?? '').toLowerCase();
      const found = [anna, bert, carla].filter((e) =>
        `${e.first_name} ${e.last_name} ${e.username} ${e.email}`.toLowerCase().includes(q),
      );
      return { body: paginatorOf(found) };
    },
    'GET /api/seminars/40/users/booked-company': () => ({ body: paginatorOf(assignments) }),
  });

  it('selects several employees and assigns only those not assigned yet', async () => {
    const { user, fetchMock } = renderApp('/seminar/id/40/assign-user-company', {
      user: users.corporateTraining,
      handlers: {
        ...handlers([assignment(anna, 501)]),
        'POST /api/companies/assign-seminar': () => ({
          body: { assigned: [{ user_id: 12, booking_id: 502 }] },
        }),
      },
    });
    await screen.findByTestId('assign-table', {}, { timeout: 10_000 });
    const rows = screen.getAllByTestId('assign-row');
    expect(rows.map((row) => row.getAttribute('data-assigned'))).toEqual(['true', 'false', 'false']);
    const assign = screen.getByTestId('assign-submit') as HTMLButtonElement;
    const unassign = screen.getByTestId('unassign-submit') as HTMLButtonElement;
    expect(assign.disabled).toBe(true);
    expect(unassign.disabled).toBe(true);

    await user.click(screen.getByRole('checkbox', { name: 'Bert Berg auswählen' }));
    await user.click(screen.getByRole('checkbox', { name: 'Anna Arm auswählen' }));
    expect(screen.getByTestId('assign-selected-count').textContent).toBe('Ausgewählt: 2');
    expect(assign.textContent).toBe('Zuweisen (1)');
    expect(unassign.textContent).toBe('Zuweisung aufheben (1)');
    expect((screen.getByTestId('assign-select-all') as HTMLInputElement).indeterminate).toBe(true);

    await user.click(assign);
    await waitFor(() => expect(fetchMock.callsTo('POST /api/companies/assign-seminar')).toHaveLength(1));
    expect(fetchMock.callsTo('POST /api/companies/assign-seminar')[0]!.json()).toEqual({
      users: [12],
      seminarId: 40,
      companyId: 7,
    });
    expect(await screen.findByText('Zugewiesen: 1 Person zu «Sicherheit am Arbeitsplatz».')).toBeTruthy();
    await waitFor(() =>
      expect(screen.getByTestId('assign-selected-count').textContent).toBe('Ausgewählt: 0'),
    );
  });

  it('search narrows the list; "select all shown" takes only the shown ones; unassign asks first', async () => {
    const { user, fetchMock } = renderApp('/seminar/id/40/assign-user-company', {
      user: users.corporateTraining,
      handlers: {
        ...handlers([assignment(anna, 501), assignment(carla, 503)]),
        'POST /api/companies/unassign-seminar': () => ({ body: { unassigned: [11, 13] } }),
      },
    });
    await screen.findByTestId('assign-table', {}, { timeout: 10_000 });
    // "ar" is in Anna Arm and Carla Cruz, not in Bert Berg (name, username or e-mail)
    await user.type(screen.getByTestId('assign-search-input'), 'ar');
    await user.click(screen.getByTestId('assign-search-submit'));
    await waitFor(
      () =>
        expect(screen.getAllByTestId('assign-name').map((n) => n.textContent)).toEqual([
          'Anna Arm',
          'Carla Cruz',
        ]),
      { timeout: 10_000 },
    );
    expect(fetchMock.callsTo('GET /api/companies/7/users').at(-1)!.search).toBe('?page=1&per_page=50&q=ar');
    await user.click(screen.getByTestId('assign-select-all'));
    await user.clear(screen.getByTestId('assign-search-input'));
    await user.click(screen.getByTestId('assign-search-submit'));
    await waitFor(() => expect(screen.getAllByTestId('assign-row')).toHaveLength(3), { timeout: 10_000 });
    expect((screen.getByRole('checkbox', { name: 'Bert Berg auswählen' }) as HTMLInputElement).checked).toBe(
      false,
    );
    expect((screen.getByTestId('assign-submit') as HTMLButtonElement).disabled).toBe(true);

    await user.click(screen.getByTestId('unassign-submit'));
    const dialog = screen.getByRole('dialog', { name: 'Zuweisung aufheben?' });
    expect(
      within(dialog)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Anna Arm', 'Carla Cruz']);
    await user.click(within(dialog).getByRole('button', { name: 'Abbrechen' }));
    expect(fetchMock.callsTo('POST /api/companies/unassign-seminar')).toHaveLength(0);

    await user.click(screen.getByTestId('unassign-submit'));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Zuweisung aufheben?' })).getByRole('button', {
        name: 'Zuweisung aufheben (2)',
      }),
    );
    await waitFor(() => expect(fetchMock.callsTo('POST /api/companies/unassign-seminar')).toHaveLength(1));
    expect(fetchMock.callsTo('POST /api/companies/unassign-seminar')[0]!.json()).toEqual({
      users: [11, 13],
      seminarId: 40,
      companyId: 7,
    });
  });

  it('shows the server refusal (422 company.not_member) and keeps the selection', async () => {
    const { user } = renderApp('/seminar/id/40/assign-user-company', {
      user: users.corporateTraining,
      handlers: {
        ...handlers([]),
        'POST /api/companies/assign-seminar': () => ({
          status: 422,
          body: {
            message: 'Mindestens eine Person gehört nicht zu dieser Firma.',
            code: 'company.not_member',
            errors: { users: ['Mindestens eine Person gehört nicht zu dieser Firma.'] },
          },
        }),
      },
    });
    await screen.findByTestId('assign-table', {}, { timeout: 10_000 });
    await user.click(screen.getByRole('checkbox', { name: 'Carla Cruz auswählen' }));
    await user.click(screen.getByTestId('assign-submit'));
    expect((await screen.findByTestId('assign-error')).textContent).toBe(
      'Mindestens eine Person gehört nicht zu dieser Firma.',
    );
    expect(screen.getByTestId('assign-selected-count').textContent).toBe('Ausgewählt: 1');
  });

  it('creates an access link for an assigned employee with a validity in days', async () => {
    const { user, fetchMock } = renderApp('/seminar/id/40/assign-user-company', {
      user: users.corporateTraining,
      handlers: {
        ...handlers([assignment(anna, 501)]),
        'POST /api/companies/generate-access-link': () => ({ status: 201, body: accessLink(5, 'active') }),
      },
    });
    await user.click(
      await screen.findByRole('button', { name: 'Zugangslink für Anna Arm' }, { timeout: 10_000 }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Zugangslink für Anna Arm' });
    const days = within(dialog).getByLabelText('Gültigkeit in Tagen');
    expect((days as HTMLInputElement).value).toBe('14');
    await user.clear(days);
    await user.type(days, '91');
    await user.click(within(dialog).getByTestId('generate-link-submit'));
    expect(within(dialog).getByText('Bitte eine ganze Zahl von 1 bis 90 eingeben.')).toBeTruthy();
    expect(fetchMock.callsTo('POST /api/companies/generate-access-link')).toHaveLength(0);
    await user.clear(days);
    await user.type(days, '7');
    await user.click(within(dialog).getByTestId('generate-link-submit'));
    const input = (await within(dialog).findByTestId('generated-link-input')) as HTMLInputElement;
    expect(input.value).toBe('http://localhost:3000/seminar/access-link/tok5');
    expect(fetchMock.callsTo('POST /api/companies/generate-access-link')[0]!.json()).toEqual({
      seminarId: 40,
      userBookedId: 501,
      expires_in_days: 7,
    });
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await user.click(within(dialog).getByTestId('generated-link-copy'));
    expect(writeText).toHaveBeenCalledWith('http://localhost:3000/seminar/access-link/tok5');
    expect(within(dialog).getByTestId('generated-link-status').textContent).toBe(
      'Der Link wurde in die Zwischenablage kopiert.',
    );
  });

  it('a company that has not booked the seminar: booking first', async () => {
    const { user, fetchMock } = renderApp('/seminar/id/40/assign-user-company', {
      user: users.corporateTraining,
      handlers: {
        ...handlers([]),
        'GET /api/seminars/40/companies': () => ({ body: [] }),
        'POST /api/companies/booking/free': () => ({ status: 201, body: booking(companySeminar, 0) }),
      },
    });
    expect((await screen.findByTestId('assign-not-booked')).textContent).toContain('Acme AG');
    await user.click(await screen.findByRole('button', { name: 'Für Acme AG buchen' }));
    await waitFor(() => expect(fetchMock.callsTo('POST /api/companies/booking/free')).toHaveLength(1));
    expect(fetchMock.callsTo('POST /api/companies/booking/free')[0]!.json()).toEqual({
      seminarId: 40,
      companyId: 7,
    });
  });

  it('splits a selection into ids to assign and to unassign', () => {
    const assigned = new Map([[11, assignment(anna, 501)]]);
    expect(splitSelection(new Set([13, 11, 12]), assigned)).toEqual({ toAssign: [12, 13], toUnassign: [11] });
  });
});

describe('employees page', { timeout: 15_000 }, () => {
  const withProgress = employee(11, 'Anna', 'Arm', {
    seminars: [
      {
        booking_id: 501,
        seminar: { id: 40, title: 'Sicherheit am Arbeitsplatz', slug: 'sicherheit' },
        chapters_total: 4,
        chapters_done: 3,
        tests: [
          { mc_test_id: 1, label: 'Abschlusstest', achievedPercent: 87.5, accomp: true, passed: false },
        ],
      },
    ],
  });
  const me = employee(3, 'Corinna', 'Corporate', { manager: true });
  const base = {
    'GET /api/companies': () => ({ body: [acme] }),
    'GET /api/companies/7/users': () => ({ body: paginatorOf([me, withProgress, bert]) }),
    'GET /api/companies/7/invitation': () => ({
      body: { active: false, expires_at: null, created_at: null },
    }),
    'GET /api/companies/7/member-invitations': () => ({ body: [] }),
  };

  it('lists employees with progress and test results; removes one after confirmation', async () => {
    const { user, fetchMock } = renderApp('/employees', {
      user: users.corporateTraining,
      handlers: { ...base, 'DELETE /api/companies/7/members/12': () => ({ status: 204 }) },
    });
    const rows = await screen.findAllByTestId('employee-row', {}, { timeout: 10_000 });
    expect(rows).toHaveLength(3);
    const anna = rows[1]!;
    expect(within(anna).getByTestId('employee-progress').textContent).toBe('3 von 4 Kapiteln');
    expect(
      within(anna).getByRole('progressbar', { name: 'Fortschritt in «Sicherheit am Arbeitsplatz»' }),
    ).toBeTruthy();
    expect(within(anna).getByTestId('employee-test').textContent).toBe('Abschlusstest: 88\u00a0% bestanden');
    // users.corporateTraining has id 3: no remove button for oneself
    expect(within(rows[0]!).queryByTestId('employee-remove')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Entfernen: Bert Berg aus der Firma' }));
    const dialog = screen.getByRole('dialog', { name: 'Aus der Firma entfernen?' });
    expect(within(dialog).getByText(/Soll Bert Berg aus der Firma entfernt werden/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Entfernen' }));
    await waitFor(() => expect(fetchMock.callsTo('DELETE /api/companies/7/members/12')).toHaveLength(1));
    expect(await screen.findByText('Bert Berg wurde aus der Firma entfernt.')).toBeTruthy();
  });

  it('invites by e-mail (the answer is the same for any address), lists and withdraws invitations', async () => {
    let invited: { id: number; email: string; created_at: string; expires_at: string; expired: boolean }[] =
      [];
    const { user, fetchMock } = renderApp('/employees', {
      user: users.corporateTraining,
      handlers: {
        ...base,
        'GET /api/companies/7/member-invitations': () => ({ body: invited }),
        'POST /api/companies/7/members': (req) => {
          const { email } = req.json() as { email: string };
          invited = [
            {
              id: 90,
              email,
              created_at: '2025-04-01T08:00:00.000Z',
              expires_at: '2025-04-15T08:00:00.000Z',
              expired: false,
            },
          ];
          return {
            status: 202,
            body: {
              message: `Wir haben eine Einladung an ${email} gesendet. Die Person gehört zur Firma, sobald sie die Einladung annimmt.`,
            },
          };
        },
        'DELETE /api/companies/7/member-invitations/90': () => {
          invited = [];
          return { status: 204 };
        },
      },
    });
    expect(await screen.findByTestId('member-invitations-empty')).toBeTruthy();
    const email = await screen.findByTestId('add-member-email');
    await user.click(screen.getByTestId('add-member-submit'));
    expect(await screen.findByText('Dieses Feld ist erforderlich.')).toBeTruthy();
    expect(fetchMock.callsTo('POST /api/companies/7/members')).toHaveLength(0);
    await user.type(email, 'wer@example.org');
    await user.click(screen.getByTestId('add-member-submit'));
    expect(await screen.findByText(/Wir haben eine Einladung an wer@example.org gesendet/)).toBeTruthy();
    expect(fetchMock.callsTo('POST /api/companies/7/members').at(-1)!.json()).toEqual({
      email: 'wer@example.org',
    });
    const row = await screen.findByTestId('member-invitation');
    expect(row.textContent).toContain('wer@example.org');
    await user.click(within(row).getByRole('button', { name: 'Zurückziehen: Einladung an wer@example.org' }));
    const dialog = screen.getByRole('dialog', { name: 'Einladung zurückziehen?' });
    await user.click(within(dialog).getByRole('button', { name: 'Zurückziehen' }));
    await waitFor(() =>
      expect(fetchMock.callsTo('DELETE /api/companies/7/member-invitations/90')).toHaveLength(1),
    );
    expect(await screen.findByText('Die Einladung an wer@example.org wurde zurückgezogen.')).toBeTruthy();
    expect(await screen.findByTestId('member-invitations-empty')).toBeTruthy();
  });

  it('creates the invitation link (shown once, copyable), replaces and revokes it after asking', async () => {
    let active = false;
    const { user, fetchMock } = renderApp('/employees', {
      user: users.corporateTraining,
      handlers: {
        ...base,
        'GET /api/companies/7/invitation': () => ({
          body: active
            ? { active: true, expires_at: '2025-05-01T08:00:00.000Z', created_at: '2025-04-01T08:00:00.000Z' }
            : { active: false, expires_at: null, created_at: null },
        }),
        'POST /api/companies/7/invitation': () => {
          active = true;
          return {
            status: 201,
            body: {
              url: 'http://localhost:3000/company/acme/register?token=inv1',
              token: 'inv1',
              expires_at: '2025-05-01T08:00:00.000Z',
            },
          };
        },
        'DELETE /api/companies/7/invitation': () => {
          active = false;
          return { status: 204 };
        },
      },
    });
    const panel = await screen.findByTestId('invitation-panel');
    expect((await within(panel).findByTestId('invitation-state')).textContent).toBe(
      'Zurzeit gibt es keinen gültigen Einladungslink.',
    );
    await user.click(within(panel).getByTestId('invitation-create'));
    expect(((await within(panel).findByTestId('invitation-link-input')) as HTMLInputElement).value).toBe(
      'http://localhost:3000/company/acme/register?token=inv1',
    );
    expect(fetchMock.callsTo('POST /api/companies/7/invitation')[0]!.json()).toEqual({ expires_in_days: 30 });
    await waitFor(() =>
      expect(within(panel).getByTestId('invitation-state').getAttribute('data-active')).toBe('true'),
    );

    await user.click(within(panel).getByRole('button', { name: 'Neuen Link erstellen' }));
    const replace = screen.getByRole('dialog', { name: 'Neuen Einladungslink erstellen?' });
    await user.click(within(replace).getByRole('button', { name: 'Abbrechen' }));
    expect(fetchMock.callsTo('POST /api/companies/7/invitation')).toHaveLength(1);

    await user.click(within(panel).getByTestId('invitation-revoke'));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Einladungslink widerrufen?' })).getByRole('button', {
        name: 'Link widerrufen',
      }),
    );
    await waitFor(() => expect(fetchMock.callsTo('DELETE /api/companies/7/invitation')).toHaveLength(1));
    await waitFor(() => expect(within(panel).queryByTestId('invitation-link')).toBeNull());
    expect(await screen.findByText('Der Einladungslink wurde widerrufen.')).toBeTruthy();
  });

  it('a corporateTraining user without a managed company gets an empty state', async () => {
    renderApp('/employees', {
      user: users.corporateTraining,
      handlers: { 'GET /api/companies': () => ({ body: [acmeMember] }) },
    });
    expect(await screen.findByTestId('employees-no-company')).toBeTruthy();
  });

  it('students are sent to /unauthorized', async () => {
    const { router } = renderApp('/employees', { user: users.companyUser });
    await screen.findByRole('heading', { level: 1, name: 'Keine Berechtigung' });
    expect(currentUrl(router)).toBe('/unauthorized');
  });
});

describe('booked links (tempList)', () => {
  it('lists the links with status, copies an active one and revokes after confirmation; paginated', async () => {
    const { user, fetchMock } = renderApp('/seminar/tempList?page=2', {
      user: users.corporateTraining,
      handlers: {
        'GET /api/companies/access-links': () => ({
          body: {
            ...paginatorOf(
              [accessLink(5, 'active'), accessLink(4, 'revoked'), accessLink(3, 'expired')],
              2,
              3,
              55,
            ),
            per_page: 25,
          },
        }),
        'DELETE /api/companies/access-links/5': () => ({ body: accessLink(5, 'revoked') }),
      },
    });
    const rows = await screen.findAllByTestId('access-link-row');
    expect(fetchMock.callsTo('GET /api/companies/access-links')[0]!.search).toBe('?page=2');
    expect(rows.map((row) => within(row).getByTestId('access-link-status').textContent)).toEqual([
      'Aktiv',
      'Widerrufen',
      'Abgelaufen',
    ]);
    expect(within(rows[1]!).queryByTestId('access-link-revoke')).toBeNull();
    expect(
      within(screen.getByTestId('pagination')).getByRole('link', { name: 'Seite 3' }).getAttribute('href'),
    ).toBe('/seminar/tempList?page=3');

    await user.click(within(rows[0]!).getByTestId('access-link-copy'));
    const copyDialog = screen.getByRole('dialog', { name: 'Zugangslink kopieren' });
    expect((within(copyDialog).getByTestId('access-link-url-input') as HTMLInputElement).value).toBe(
      'http://localhost:3000/seminar/access-link/tok5',
    );
    await user.click(within(copyDialog).getAllByRole('button', { name: 'Schliessen' }).at(-1)!);

    await user.click(within(rows[0]!).getByTestId('access-link-revoke'));
    const dialog = screen.getByRole('dialog', { name: 'Zugangslink widerrufen?' });
    await user.click(within(dialog).getByRole('button', { name: 'Widerrufen' }));
    await waitFor(() => expect(fetchMock.callsTo('DELETE /api/companies/access-links/5')).toHaveLength(1));
    expect(await screen.findByText('Der Link von Anna Arm wurde widerrufen.')).toBeTruthy();
  });

  it('shows an empty state', async () => {
    renderApp('/en/seminar/tempList', {
      user: users.corporateTraining,
      handlers: { 'GET /api/companies/access-links': () => ({ body: paginatorOf([], 1, 1, 0) }) },
    });
    expect(await screen.findByText('No access links yet')).toBeTruthy();
  });
});

describe('company registration with an invitation', () => {
  it('shows the company and registers the employee with the token', async () => {
    const { user, fetchMock } = renderApp('/company/acme/register?token=inv1', {
      handlers: {
        'GET /api/companies/invitations/inv1': () => ({
          body: { company: { name: 'Acme AG', shortName: 'acme' }, expires_at: '2025-05-01T08:00:00.000Z' },
        }),
        'GET /sanctum/csrf-cookie': () => ({ status: 204 }),
        'POST /api/companies/register': () => ({
          status: 201,
          body: { message: 'Wir haben Ihnen eine E-Mail gesendet.' },
        }),
      },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Registrierung bei Acme AG' })).toBeTruthy();
    await user.type(screen.getByLabelText('Benutzername'), 'neu1');
    await user.type(screen.getByLabelText('E-Mail-Adresse'), 'neu1@example.org');
    await user.type(screen.getByLabelText('Vorname'), 'Nina');
    await user.type(screen.getByLabelText('Nachname'), 'Neu');
    await user.type(screen.getByLabelText('Passwort'), 'Sicher-Passwort9');
    await user.type(screen.getByLabelText('Passwort bestätigen'), 'Sicher-Passwort9');
    await user.click(screen.getByTestId('company-register-submit'));
    expect(await screen.findByTestId('company-register-done')).toBeTruthy();
    expect(fetchMock.callsTo('POST /api/companies/register')[0]!.json()).toMatchObject({
      token: 'inv1',
      username: 'neu1',
      email: 'neu1@example.org',
      locale: 'de',
    });
  });

  it.each([
    ['invalid', 404, 'invitation.invalid', 'Einladung ungültig'],
    ['expired', 410, 'invitation.expired', 'Einladung abgelaufen'],
  ])('an %s invitation shows a clear message and no form', async (kind, status, code, title) => {
    renderApp('/company/acme/register?token=bad', {
      handlers: { 'GET /api/companies/invitations/bad': () => ({ status, body: { message: 'x', code } }) },
    });
    const problem = await screen.findByTestId('invitation-problem');
    expect(problem.getAttribute('data-kind')).toBe(kind);
    expect(within(problem).getByText(title)).toBeTruthy();
    expect(screen.queryByTestId('company-register-form')).toBeNull();
  });

  it('without a token there is no form (strangers cannot join)', async () => {
    const { fetchMock } = renderApp('/company/acme/register');
    expect((await screen.findByTestId('invitation-problem')).getAttribute('data-kind')).toBe('missing');
    expect(fetchMock.calls.filter((c) => c.path.startsWith('/api/companies'))).toHaveLength(0);
  });
});

describe('company booking on the seminar page', () => {
  const publicFree = seminarDto({ id: 41, title: 'Excel Grundlagen', price: 0 });

  it('a corporateTraining manager books a free seminar for the company', async () => {
    let booked = false;
    const { user, fetchMock } = renderApp('/seminar/id/41', {
      user: users.corporateTraining,
      handlers: {
        'GET /api/seminars/41': () => ({ body: publicFree }),
        'GET /api/companies': () => ({ body: [acme] }),
        'GET /api/seminars/41/companies': () => ({
          body: booked
            ? [
                {
                  company: { id: 7, name: 'Acme AG', shortName: 'acme' },
                  booking_id: 90,
                  status: 'free',
                  created_at: '2025-02-01T08:00:00.000Z',
                  assigned_count: 0,
                },
              ]
            : [],
        }),
        'POST /api/companies/booking/free': () => {
          booked = true;
          return { status: 201, body: booking(publicFree, 0) };
        },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Für Acme AG buchen' }));
    expect(await screen.findByText('«Excel Grundlagen» ist für Acme AG gebucht.')).toBeTruthy();
    expect(fetchMock.callsTo('POST /api/companies/booking/free')[0]!.json()).toEqual({
      seminarId: 41,
      companyId: 7,
    });
    const assign = await screen.findByTestId('company-booking-assign');
    expect(assign.getAttribute('href')).toBe('/seminar/id/41/assign-user-company');
  });

  it('a priced seminar: buys it for the company through the checkout', async () => {
    const { fetchMock, router, user } = renderApp('/seminar/id/42', {
      user: users.corporateTraining,
      handlers: {
        'GET /api/seminars/42': () => ({ body: seminarDto({ id: 42, price: 4900 }) }),
        'GET /api/companies': () => ({ body: [acme] }),
        'GET /api/seminars/42/companies': () => ({ body: [] }),
        'POST /api/companies/booking/now': () => ({
          status: 201,
          body: { checkoutUrl: `${window.location.origin}/payment/test-checkout/tr_test1`, bookingId: 5 },
        }),
        'GET /api/payments/test-checkout/tr_test1': () => ({
          status: 404,
          body: { message: 'x', code: 'not_found' },
        }),
      },
    });
    expect((await screen.findByTestId('company-booking-paid')).textContent).toContain('Rechnung der Firma');
    expect(screen.queryByTestId('company-booking-submit')).toBeNull();
    await user.click(screen.getByTestId('company-booking-buy'));
    await waitFor(() => expect(fetchMock.callsTo('POST /api/companies/booking/now')).toHaveLength(1));
    expect(fetchMock.callsTo('POST /api/companies/booking/now')[0]!.json()).toEqual({
      seminarId: 42,
      companyId: 7,
    });
    await waitFor(() => expect(currentUrl(router)).toBe('/payment/test-checkout/tr_test1'));
  });

  it('students never see it and never ask for companies', async () => {
    const { fetchMock } = renderApp('/seminar/id/41', {
      user: users.companyUser,
      handlers: { 'GET /api/seminars/41': () => ({ body: publicFree }) },
    });
    await screen.findByTestId('seminar-details');
    expect(screen.queryByTestId('company-booking')).toBeNull();
    expect(fetchMock.callsTo('GET /api/companies')).toHaveLength(0);
  });
});

describe('days rule', () => {
  it('accepts whole days 1–90 only', () => {
    expect(['1', '14', '90', ' 30 '].map(parseDays)).toEqual([1, 14, 90, 30]);
    expect(['0', '91', '1.5', '', 'x', '-3'].map(parseDays)).toEqual([null, null, null, null, null, null]);
  });
});
