import type { UserDto } from '@elearn/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import {
  bookedAbilities,
  defaultCompletionSettings,
  noLearners,
  ownerAbilities,
  paginatorOf,
  seminarDto,
  seminarProgress,
} from '@/testing/fixtures';
import { currentUrl, renderApp, users } from '@/testing/test-utils';

const listHandlers = {
  'GET /api/seminars': () => ({ body: paginatorOf([seminarDto({ id: 1, title: 'Einführung' })]) }),
};

async function tabsOf(user: UserDto, path = '/seminar') {
  renderApp(path, { user, handlers: listHandlers });
  const nav = await screen.findByRole('navigation', { name: 'Seminarbereich' });
  return within(nav)
    .getAllByRole('link')
    .map((link) => [link.textContent, link.getAttribute('href')]);
}

describe('seminar tabs (spec section 2)', () => {
  it('student without a company: all and booked', async () => {
    expect(await tabsOf(users.student)).toEqual([
      ['Alle', '/seminar'],
      ['Gebucht', '/seminar/booked'],
    ]);
  });

  it('student with a company: booked only', async () => {
    expect(await tabsOf(users.companyUser)).toEqual([['Gebucht', '/seminar/booked']]);
  });

  it.each([
    ['trainer', users.trainer],
    ['admin', users.admin],
    ['trainer with a company', { ...users.trainer, companies: users.companyUser.companies }],
  ])('%s: own, new, bookable, booked', async (_, user) => {
    expect(await tabsOf(user)).toEqual([
      ['Eigene', '/seminar/own'],
      ['Neues Seminar', '/seminar/new'],
      ['Buchbar', '/seminar'],
      ['Gebucht', '/seminar/booked'],
    ]);
  });

  it('corporateTraining: all, booked and booked links (tempList)', async () => {
    expect(await tabsOf(users.corporateTraining)).toEqual([
      ['Alle', '/seminar'],
      ['Gebucht', '/seminar/booked'],
      ['Zugangslinks', '/seminar/tempList'],
    ]);
  });

  it('marks the current tab and keeps the /en prefix', async () => {
    renderApp('/en/seminar/booked', {
      user: users.student,
      handlers: { 'GET /api/seminars/booked-student': () => ({ body: [] }) },
    });
    const nav = await screen.findByRole('navigation', { name: 'Seminars' });
    const booked = within(nav).getByRole('link', { name: 'Booked' });
    expect(booked.getAttribute('href')).toBe('/en/seminar/booked');
    expect(booked.getAttribute('aria-current')).toBe('page');
    expect(await screen.findByText('You have not booked any seminars yet.')).toBeTruthy();
  });
});

describe('seminar list', () => {
  it('shows cards with price, owner and keeps search and page in the URL', async () => {
    const { fetchMock, user, router } = renderApp('/seminar?page=2', {
      user: users.student,
      handlers: {
        'GET /api/seminars': (req) => {
          const q = new URLSearchParams(req.search).get('q');
          return {
            body: q
              ? paginatorOf([], 1, 1, 0)
              : paginatorOf(
                  [
                    seminarDto({ id: 1, title: 'Gratis', price: 0 }),
                    seminarDto({ id: 2, title: 'Bezahlt', price: 4950, currency: 'CHF' }),
                  ],
                  2,
                  3,
                  26,
                ),
          };
        },
      },
    });
    const cards = await screen.findAllByTestId('seminar-card');
    expect(cards).toHaveLength(2);
    expect(within(cards[0]!).getByTestId('seminar-card-price').textContent).toBe('Kostenlos');
    expect(within(cards[1]!).getByTestId('seminar-card-price').textContent).toMatch(/49,50\s*CHF/);
    expect(within(cards[0]!).getByTestId('seminar-card-owner').textContent).toBe('von Thomas Trainer');
    expect(within(cards[1]!).getByRole('link', { name: 'Bezahlt' }).getAttribute('href')).toBe(
      '/seminar/id/2',
    );
    expect(fetchMock.callsTo('GET /api/seminars')[0]!.search).toBe('?page=2&per_page=12');
    const pages = screen.getByTestId('pagination');
    expect(within(pages).getByRole('link', { name: 'Seite 2' }).getAttribute('aria-current')).toBe('page');
    expect(within(pages).getByRole('link', { name: 'Nächste Seite' }).getAttribute('href')).toBe(
      '/seminar?page=3',
    );

    await user.type(screen.getByTestId('seminar-search-input'), 'Excel');
    await user.click(screen.getByTestId('seminar-search-submit'));
    expect(await screen.findByText('Keine Seminare zu «Excel» gefunden.')).toBeTruthy();
    expect(currentUrl(router)).toBe('/seminar?q=Excel');
    expect(fetchMock.callsTo('GET /api/seminars').at(-1)!.search).toBe('?page=1&per_page=12&q=Excel');
  });

  it('shows an empty state', async () => {
    renderApp('/seminar', {
      user: users.student,
      handlers: { 'GET /api/seminars': () => ({ body: paginatorOf([], 1, 1, 0) }) },
    });
    expect(await screen.findByTestId('seminar-list-empty')).toBeTruthy();
  });

  it('shows the error of a failed load with a retry button', async () => {
    let fail = true;
    renderApp('/seminar', {
      user: users.student,
      handlers: {
        'GET /api/seminars': () =>
          fail
            ? { status: 500, body: { message: 'Kaputt', code: 'internal_error' } }
            : { body: paginatorOf([]) },
      },
    });
    const error = await screen.findByTestId('query-error', {}, { timeout: 4000 });
    expect(within(error).getByText('Kaputt')).toBeTruthy();
    fail = false;
    fireEvent.click(within(error).getByRole('button', { name: 'Erneut versuchen' }));
    expect(await screen.findByTestId('seminar-list-empty')).toBeTruthy();
  });
});

describe('seminar form', () => {
  const created = seminarDto({ id: 42, title: 'Neu', price: 4950, abilities: ownerAbilities });
  const handlers = {
    'POST /api/seminars': () => ({ status: 201, body: created }),
    'GET /api/seminars/42': () => ({ body: created }),
    'GET /api/chapters': () => ({ body: [] }),
    'GET /api/seminars/users/booked': () => ({ body: [created] }),
  };

  it('validates with the shared schema before sending', async () => {
    const { user, fetchMock } = renderApp('/seminar/new', { user: users.trainer, handlers });
    const form = await screen.findByTestId('seminar-form');
    await user.clear(within(form).getByLabelText('Preis (CHF)'));
    await user.type(within(form).getByLabelText('Preis (CHF)'), '12.345');
    await user.click(within(form).getByRole('button', { name: 'Seminar erstellen' }));
    expect(await within(form).findByText('Dieses Feld ist erforderlich.')).toBeTruthy();
    expect(within(form).getByText('Der Wert ist ungültig.')).toBeTruthy();
    expect(within(form).getByLabelText('Titel').getAttribute('aria-invalid')).toBe('true');
    expect(fetchMock.callsTo('POST /api/seminars')).toHaveLength(0);
  });

  it('refuses wrong or too large images in the browser', async () => {
    const { user } = renderApp('/seminar/new', { user: users.trainer, handlers });
    const form = await screen.findByTestId('seminar-form');
    const input = within(form).getByLabelText('Bild');
    await user.upload(input, new File([new Uint8Array(6 * 1024 * 1024)], 'big.png', { type: 'image/png' }));
    expect(within(form).getByText('Das Bild darf höchstens 5 MB gross sein.')).toBeTruthy();
    fireEvent.change(input, {
      target: { files: [new File(['%PDF'], 'doc.pdf', { type: 'application/pdf' })] },
    });
    expect(
      within(form).getByText('Bitte ein Bild im Format JPEG, PNG, GIF oder WebP hochladen.'),
    ).toBeTruthy();
  });

  it('sends the fields and the image as multipart, then shows the new seminar', {
    timeout: 20_000,
  }, async () => {
    const { user, fetchMock, router } = renderApp('/seminar/new', { user: users.trainer, handlers });
    const form = await screen.findByTestId('seminar-form');
    await user.type(within(form).getByLabelText('Titel'), 'Neu');
    const price = within(form).getByLabelText('Preis (CHF)');
    await user.clear(price);
    await user.type(price, '49,50');
    await user.click(within(form).getByLabelText('Öffentlich (für alle sichtbar und buchbar)'));
    await within(form).findByRole('textbox', { name: 'Beschreibung' });
    await user.upload(
      within(form).getByLabelText('Bild'),
      new File([new Uint8Array(100)], 'bild.png', { type: 'image/png' }),
    );
    expect(within(form).getByAltText('Vorschau des neuen Bildes').getAttribute('src')).toMatch(/^blob:/);
    await user.click(within(form).getByRole('button', { name: 'Seminar erstellen' }));

    await waitFor(() => expect(currentUrl(router)).toBe('/seminar/id/42'));
    const body = fetchMock.callsTo('POST /api/seminars')[0]!.body as FormData;
    expect(body).toBeInstanceOf(FormData);
    expect(body.get('title')).toBe('Neu');
    expect(body.get('description')).toBe('');
    expect(body.get('price')).toBe('4950');
    expect(body.get('is_public')).toBe('1');
    expect(body.get('isCompany')).toBe('0');
    expect(body.get('company_id')).toBeNull();
    expect((body.get('image') as File).name).toBe('bild.png');
    expect(await screen.findByRole('heading', { level: 1, name: 'Neu' })).toBeTruthy();
    expect(screen.getByText('Das Seminar «Neu» wurde erstellt.')).toBeTruthy();
  });

  it('shows the server field errors', async () => {
    const { user } = renderApp('/seminar/new', {
      user: users.trainer,
      handlers: {
        'POST /api/seminars': () => ({
          status: 422,
          body: {
            message: 'Ungültig',
            code: 'validation_failed',
            errors: { title: ['Titel schon vergeben.'], image: ['Kein Bild.'] },
          },
        }),
      },
    });
    const form = await screen.findByTestId('seminar-form');
    await user.type(within(form).getByLabelText('Titel'), 'X');
    await user.click(within(form).getByRole('button', { name: 'Seminar erstellen' }));
    expect(await within(form).findByText('Titel schon vergeben.')).toBeTruthy();
    expect(within(form).getByText('Kein Bild.')).toBeTruthy();
  });
});

describe('seminar detail (owner)', () => {
  const seminar = seminarDto({ id: 7, title: 'Mein Seminar', is_public: false, abilities: ownerAbilities });

  it('toggles public/private and shows the side switch', async () => {
    const { user, fetchMock } = renderApp('/seminar/id/7', {
      user: users.trainer,
      handlers: {
        'GET /api/seminars/7': () => ({ body: seminar }),
        'GET /api/chapters': () => ({ body: [] }),
        'GET /api/seminars/users/booked': () => ({ body: [] }),
        'PATCH /api/seminars/tooglePublic': () => ({ body: { ...seminar, is_public: true } }),
      },
    });
    const toggle = await screen.findByTestId('seminar-public-toggle');
    expect(toggle.getAttribute('aria-checked')).toBe('false');
    const side = screen.getByTestId('seminar-side-menu');
    expect(within(side).getByRole('link', { name: 'Neues Seminar' }).getAttribute('href')).toBe(
      '/seminar/new',
    );
    expect(within(side).getByRole('link', { name: 'Bearbeiten' }).getAttribute('href')).toBe(
      '/seminar/id/7/edit',
    );
    expect(within(side).getByRole('link', { name: 'Neues Kapitel' }).getAttribute('href')).toBe(
      '/seminar/id/7/chapter/new',
    );
    expect(within(side).queryByRole('link', { name: 'Benutzer zuweisen' })).toBeNull();
    await user.click(toggle);
    await waitFor(() =>
      expect(screen.getByTestId('seminar-public-toggle').getAttribute('aria-checked')).toBe('true'),
    );
    expect(fetchMock.callsTo('PATCH /api/seminars/tooglePublic')[0]!.json()).toEqual({ id: 7 });
  });

  it('has the assign-users entry for company seminars', async () => {
    renderApp('/seminar/id/7', {
      user: users.admin,
      handlers: {
        'GET /api/seminars/7': () => ({ body: { ...seminar, isCompany: true, company_id: 7 } }),
        'GET /api/chapters': () => ({ body: [] }),
        'GET /api/seminars/users/booked': () => ({ body: [] }),
      },
    });
    const link = await screen.findByTestId('side-assign-users');
    expect(link.getAttribute('href')).toBe('/seminar/id/7/assign-user-company');
  });

  it('asks before deleting and shows 409 seminar.has_bookings', async () => {
    const { user, fetchMock } = renderApp('/seminar/id/7', {
      user: users.trainer,
      handlers: {
        'GET /api/seminars/7': () => ({ body: seminar }),
        'GET /api/chapters': () => ({ body: [] }),
        'GET /api/seminars/users/booked': () => ({ body: [] }),
        'DELETE /api/seminars/7': () => ({
          status: 409,
          body: {
            message: 'Das Seminar hat Buchungen und kann nicht gelöscht werden.',
            code: 'seminar.has_bookings',
          },
        }),
      },
    });
    await user.click(await screen.findByTestId('seminar-delete'));
    const dialog = screen.getByRole('dialog', { name: 'Seminar löschen?' });
    expect(fetchMock.callsTo('DELETE /api/seminars/7')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Seminar löschen' }));
    expect(
      await within(dialog).findByText('Das Seminar hat Buchungen und kann nicht gelöscht werden.'),
    ).toBeTruthy();
    expect(within(dialog).queryByTestId('seminar-delete-force')).toBeNull();
  });
});

describe('seminar detail: bookings', () => {
  const own = seminarDto({ id: 7, title: 'Mein Seminar', abilities: ownerAbilities, bookings_count: 2 });
  const bookedUsers = [
    {
      id: 11,
      first_name: 'Stefanie',
      last_name: 'Student',
      email: 'stefanie@example.com',
      booked_at: '2025-03-04T09:30:00.000Z',
      status: 'free',
    },
    {
      id: 12,
      first_name: 'Paul',
      last_name: 'Payer',
      email: 'paul@example.com',
      booked_at: '2025-02-01T09:30:00.000Z',
      status: 'paid',
    },
  ];
  const ownerHandlers = (users = bookedUsers) => ({
    'GET /api/seminars/7': () => ({ body: own }),
    'GET /api/chapters': () => ({ body: [] }),
    // learners' progress and completion settings (progress feature)
    'GET /api/progress/seminars/7/learners': () => ({ body: noLearners }),
    'GET /api/progress/seminars/7/settings': () => ({ body: defaultCompletionSettings }),
    // one seminar's bookings, a page at a time (issue 39)
    'GET /api/seminars/7/bookings': () => ({
      body: { data: users, current_page: 1, last_page: 1, per_page: 20, total: users.length },
    }),
  });

  it('owners see who booked the seminar: name, e-mail, booking date and status', async () => {
    const { fetchMock } = renderApp('/seminar/id/7', { user: users.trainer, handlers: ownerHandlers() });
    const section = await screen.findByTestId('seminar-bookings');
    expect(within(section).getByRole('heading', { level: 2, name: /^Buchungen/ })).toBeTruthy();
    const rows = await within(section).findAllByTestId('seminar-booking-row');
    expect(rows).toHaveLength(2);
    expect(
      within(section)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Name', 'E-Mail', 'Gebucht am', 'Status']);
    expect(
      within(rows[0]!)
        .getAllByRole('cell')
        .map((td) => td.textContent),
    ).toEqual(['Stefanie Student', 'stefanie@example.com', '04.03.2025', 'Kostenlos']);
    expect(within(rows[0]!).getByRole('link', { name: 'stefanie@example.com' }).getAttribute('href')).toBe(
      'mailto:stefanie@example.com',
    );
    expect(within(rows[1]!).getByText('Bezahlt')).toBeTruthy();
    expect(fetchMock.callsTo('GET /api/seminars/7/bookings')).toHaveLength(1);
    fetchMock.expectAllHandled();
  });

  it('shows an empty state in English', async () => {
    renderApp('/en/seminar/id/7', { user: users.trainer, handlers: ownerHandlers([]) });
    const section = await screen.findByTestId('seminar-bookings');
    expect(within(section).getByRole('heading', { level: 2, name: /^Bookings/ })).toBeTruthy();
    expect((await within(section).findByTestId('seminar-bookings-empty')).textContent).toBe(
      'No bookings yet.',
    );
    expect(within(section).queryByTestId('seminar-booking-row')).toBeNull();
  });

  it("an admin sees another trainer's seminar's bookings (the server lets admins read them)", async () => {
    renderApp('/seminar/id/7', { user: users.admin, handlers: ownerHandlers() });
    const section = await screen.findByTestId('seminar-bookings');
    expect(await within(section).findAllByTestId('seminar-booking-row')).toHaveLength(2);
  });

  it('students see no bookings and never ask for them', async () => {
    const { fetchMock } = renderApp('/seminar/id/7', {
      user: users.student,
      handlers: {
        'GET /api/seminars/7': () => ({ body: { ...own, abilities: bookedAbilities } }),
        'GET /api/chapters': () => ({ body: [] }),
        'GET /api/progress/seminars/7': () => ({ body: seminarProgress(7) }),
        // the learner's dashboard: "Fortsetzen" and the outline's current chapter (issue 36)
        'GET /api/learn': () => ({
          body: { seminars: [], tests: [], deadlines: [], certificates: [], team_views: [] },
        }),
      },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Mein Seminar' })).toBeTruthy();
    await screen.findByTestId('chapter-overview');
    expect(screen.queryByTestId('seminar-bookings')).toBeNull();
    expect(fetchMock.callsTo('GET /api/seminars/7/bookings')).toHaveLength(0);
    fetchMock.expectAllHandled();
  });
});

describe('public seminar page and booking', () => {
  const pub = seminarDto({ id: 9, slug: 'excel-kurs', title: 'Excel-Kurs' });

  it('guests see the seminar and log in first to book', async () => {
    renderApp('/seminar/excel-kurs', {
      handlers: { 'GET /api/seminars/slug/excel-kurs': () => ({ body: pub }) },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Excel-Kurs' })).toBeTruthy();
    const book = await screen.findByTestId('seminar-book');
    expect(book.getAttribute('href')).toBe('/login?redirect=%2Fseminar%2Fexcel-kurs');
  });

  it('an unknown slug is the not-found page', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {}); // React reports the caught render error
    renderApp('/seminar/gibt-es-nicht', {
      handlers: {
        'GET /api/seminars/slug/gibt-es-nicht': () => ({
          status: 404,
          body: { message: 'Nicht gefunden.', code: 'not_found' },
        }),
      },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Seite nicht gefunden' })).toBeTruthy();
  });

  it('static seminar paths are never slugs', async () => {
    // `/seminar/id` alone is no page (only `/seminar/id/{sid}` is); it must not be read as a slug
    renderApp('/seminar/id', { user: users.corporateTraining });
    expect(await screen.findByRole('heading', { level: 1, name: 'Seite nicht gefunden' })).toBeTruthy();
  });

  it('books a free seminar', async () => {
    const { user, fetchMock, router } = renderApp('/seminar/booking/9', {
      user: users.student,
      handlers: {
        'GET /api/seminars/9': () => ({ body: pub }),
        'POST /api/booking/free': () => ({
          status: 201,
          body: {
            id: 1,
            seminar_id: 9,
            user_id: 1,
            status: 'free',
            price: 0,
            currency: 'CHF',
            created_at: '',
          },
        }),
        'GET /api/chapters': () => ({ body: [] }),
      },
    });
    await user.click(await screen.findByTestId('booking-submit'));
    await waitFor(() => expect(currentUrl(router)).toBe('/seminar/id/9'));
    expect(fetchMock.callsTo('POST /api/booking/free')[0]!.json()).toEqual({ seminarId: 9 });
  });

  it('a priced seminar shows its price and offers payment instead of free booking', async () => {
    renderApp('/en/seminar/booking/9', {
      user: users.student,
      handlers: { 'GET /api/seminars/9': () => ({ body: { ...pub, price: 12000, currency: 'EUR' } }) },
    });
    // the payments feature's panel (features/payments/payments.test.tsx covers the checkout)
    expect((await screen.findByTestId('pay-price')).textContent).toBe('€120.00');
    expect(screen.getByRole('button', { name: 'Pay now' })).toBeTruthy();
    expect(screen.queryByTestId('booking-submit')).toBeNull();
  });
});

describe('seminar route guards', () => {
  it('new, edit, position and chapter edit pages need a trainer or admin', async () => {
    for (const path of [
      '/seminar/new',
      '/seminar/id/1/edit',
      '/seminar/id/1/chapter/position',
      '/seminar/id/1/chapter/2',
    ]) {
      const app = renderApp(path, { user: users.student });
      await screen.findByRole('heading', { level: 1, name: 'Keine Berechtigung' });
      expect(currentUrl(app.router), path).toBe('/unauthorized');
      app.unmount();
    }
  });

  it('lists need a login; the public seminar page and trainer profiles do not', async () => {
    const list = renderApp('/seminar/booked');
    await screen.findByRole('heading', { level: 1, name: 'Anmelden' });
    expect(currentUrl(list.router)).toBe('/login?redirect=%2Fseminar%2Fbooked');
    list.unmount();

    renderApp('/user/trainer1', {
      handlers: {
        'GET /api/users/profile/trainer1': () => ({
          body: {
            id: 4,
            username: 'trainer1',
            first_name: 'Thomas',
            last_name: 'Trainer',
            avatar_url: null,
            seminars: [seminarDto({ id: 3, slug: 'excel', title: 'Excel' })],
          },
        }),
      },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Thomas Trainer' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Excel' }).getAttribute('href')).toBe('/seminar/excel');
  });

  it('an unknown trainer profile is the not-found page', async () => {
    renderApp('/user/niemand', {
      handlers: {
        'GET /api/users/profile/niemand': () => ({
          status: 404,
          body: { message: 'Nicht gefunden.', code: 'not_found' },
        }),
      },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Seite nicht gefunden' })).toBeTruthy();
  });
});

describe('todos', () => {
  it('lists open chapters with links to their play pages', async () => {
    renderApp('/todos', {
      user: users.student,
      handlers: {
        'GET /api/todos': () => ({
          body: [
            {
              seminar: { id: 1, title: 'Excel', slug: 'excel' },
              total: 4,
              done: 1,
              open_chapters: [{ id: 11, label: 'Formeln', chapter_id: null }],
            },
          ],
        }),
      },
    });
    const item = await screen.findByTestId('todo-item');
    expect(within(item).getByText('1 von 4 Kapiteln erledigt')).toBeTruthy();
    expect(within(item).getByRole('link', { name: 'Formeln' }).getAttribute('href')).toBe(
      '/seminar/id/1/chapter/11/play',
    );
  });

  it('shows an empty state', async () => {
    renderApp('/todos', { user: users.student, handlers: { 'GET /api/todos': () => ({ body: [] }) } });
    expect(await screen.findByText('Alles erledigt!')).toBeTruthy();
  });
});
