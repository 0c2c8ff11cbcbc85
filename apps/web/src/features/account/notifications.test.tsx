import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setTestCookie } from '@/testing/cookies';
import { renderApp, users } from '@/testing/test-utils';

const allOn = { due_reminders: true, manager_digest: true, drip_unlocks: true };

describe('notification preferences in the profile (issue 36 item 6)', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('loads the choice, saves the toggled switches and says so; scrolls to #notifications', async () => {
    const scroll = vi.fn();
    Element.prototype.scrollIntoView = scroll;
    const { user, fetchMock } = renderApp('/user#notifications', {
      user: users.student,
      handlers: {
        'GET /api/me/notifications': () => ({ body: { ...allOn, drip_unlocks: false } }),
        'PUT /api/me/notifications': (req) => ({ body: req.json() }),
      },
    });
    const section = await screen.findByTestId('notification-prefs');
    expect(section.id).toBe('notifications');
    expect(within(section).getByRole('heading', { name: 'Benachrichtigungen' })).toBeTruthy();
    const due = (await within(section).findByRole('checkbox', {
      name: 'Erinnerungen an Fälligkeiten',
    })) as HTMLInputElement;
    const digest = within(section).getByRole('checkbox', {
      name: 'Wöchentliche Teamübersicht für Verantwortliche',
    }) as HTMLInputElement;
    const drip = within(section).getByRole('checkbox', {
      name: 'Neu freigeschaltete Kapitel',
    }) as HTMLInputElement;
    expect([due.checked, digest.checked, drip.checked]).toEqual([true, true, false]);
    await waitFor(() => expect(scroll).toHaveBeenCalled());
    expect(scroll.mock.contexts[0]).toBe(section);

    await user.click(due);
    await user.click(drip);
    await user.click(within(section).getByRole('button', { name: 'Benachrichtigungen speichern' }));
    expect(await within(section).findByText('Ihre Auswahl wurde gespeichert.')).toBeTruthy();
    expect(fetchMock.callsTo('PUT /api/me/notifications').map((r) => r.json())).toEqual([
      { due_reminders: false, manager_digest: true, drip_unlocks: true },
    ]);
    expect(due.checked).toBe(false);
    expect(drip.checked).toBe(true);
  });

  it('does not scroll without the anchor', async () => {
    const scroll = vi.fn();
    Element.prototype.scrollIntoView = scroll;
    renderApp('/en/user', {
      user: users.student,
      handlers: { 'GET /api/me/notifications': () => ({ body: allOn }) },
    });
    const section = await screen.findByTestId('notification-prefs');
    expect(await within(section).findByRole('checkbox', { name: 'Reminders of due dates' })).toBeTruthy();
    expect(within(section).getByRole('button', { name: 'Save notifications' })).toBeTruthy();
    expect(scroll).not.toHaveBeenCalled();
  });

  it("shows the server's message when saving fails and keeps the choice", async () => {
    const { user } = renderApp('/en/user', {
      user: users.student,
      handlers: {
        'GET /api/me/notifications': () => ({ body: allOn }),
        'PUT /api/me/notifications': () => ({
          status: 422,
          body: { message: 'The given data was invalid.', code: 'validation_failed', errors: {} },
        }),
      },
    });
    const section = await screen.findByTestId('notification-prefs');
    const digest = (await within(section).findByRole('checkbox', {
      name: 'Weekly team digest for managers',
    })) as HTMLInputElement;
    await user.click(digest);
    await user.click(within(section).getByRole('button', { name: 'Save notifications' }));
    expect((await within(section).findByRole('alert')).textContent).toBe('The given data was invalid.');
    expect(digest.checked).toBe(false);
    expect(within(section).queryByText('Your choice has been saved.')).toBeNull();
  });

  it('shows a failed load with its message', async () => {
    renderApp('/user', {
      user: users.student,
      handlers: {
        'GET /api/me/notifications': () => ({
          status: 500,
          body: { message: 'Kaputt.', code: 'server_error' },
        }),
      },
    });
    const section = await screen.findByTestId('notification-prefs');
    expect((await within(section).findByTestId('query-error', {}, { timeout: 5000 })).textContent).toContain(
      'Kaputt.',
    );
  });
});

describe('the unsubscribe page (issue 36 item 6)', () => {
  it('asks a guest, unsubscribes on the click and shows the server message with a link to the profile', async () => {
    setTestCookie('XSRF-TOKEN', 't');
    const { user, fetchMock } = renderApp('/unsubscribe?token=7.due_reminders.abc', {
      handlers: {
        'GET /api/unsubscribe': () => ({ body: { kind: 'due_reminders', locale: 'de' } }),
        'POST /api/unsubscribe': () => ({
          body: {
            kind: 'due_reminders',
            message: 'Sie sind abgemeldet. Sie erhalten diese E-Mails nicht mehr.',
          },
        }),
      },
    });
    const ask = await screen.findByTestId('unsubscribe-ask');
    expect(ask.textContent).toContain(
      'Möchten Sie keine E-Mails dieser Art mehr erhalten: Erinnerungen an Fälligkeiten?',
    );
    expect(screen.getByRole('heading', { name: 'E-Mails abbestellen' })).toBeTruthy();
    // asking turns nothing off
    expect(fetchMock.callsTo('POST /api/unsubscribe')).toHaveLength(0);
    expect(fetchMock.callsTo('GET /api/unsubscribe')[0]!.search).toBe('?token=7.due_reminders.abc');

    await user.click(within(ask).getByRole('button', { name: 'Abbestellen' }));
    const done = await screen.findByTestId('unsubscribe-done');
    expect(done.textContent).toContain('Sie sind abgemeldet. Sie erhalten diese E-Mails nicht mehr.');
    expect(
      within(done)
        .getByRole('link', { name: 'Alle Benachrichtigungen in Ihrem Profil' })
        .getAttribute('href'),
    ).toBe('/user#notifications');
    const posts = fetchMock.callsTo('POST /api/unsubscribe');
    expect(posts).toHaveLength(1);
    expect(posts[0]!.search).toBe('?token=7.due_reminders.abc');
  });

  it('names the kind in English under /en', async () => {
    renderApp('/en/unsubscribe?token=7.manager_digest.abc', {
      handlers: { 'GET /api/unsubscribe': () => ({ body: { kind: 'manager_digest', locale: 'en' } }) },
    });
    const ask = await screen.findByTestId('unsubscribe-ask');
    expect(ask.textContent).toContain(
      'Do you no longer want to receive e-mails of this kind: Weekly team digest for managers?',
    );
    expect(within(ask).getByRole('button', { name: 'Unsubscribe' })).toBeTruthy();
  });

  it("shows the server's refusal of a bad token and offers no button", async () => {
    const { fetchMock } = renderApp('/unsubscribe?token=7.due_reminders.forged', {
      handlers: {
        'GET /api/unsubscribe': () => ({
          status: 400,
          body: { message: 'Dieser Abmeldelink ist ungültig.', code: 'unsubscribe.invalid' },
        }),
      },
    });
    expect((await screen.findByTestId('unsubscribe-invalid')).textContent).toBe(
      'Dieser Abmeldelink ist ungültig.',
    );
    expect(screen.queryByRole('button', { name: 'Abbestellen' })).toBeNull();
    expect(fetchMock.callsTo('POST /api/unsubscribe')).toHaveLength(0);
  });

  it('says a link without token is incomplete and asks nothing', async () => {
    const { fetchMock } = renderApp('/en/unsubscribe');
    expect(
      await screen.findByText(
        'This unsubscribe link is incomplete. Please open the whole link from the e-mail.',
      ),
    ).toBeTruthy();
    expect(fetchMock.callsTo('GET /api/unsubscribe')).toHaveLength(0);
  });
});
