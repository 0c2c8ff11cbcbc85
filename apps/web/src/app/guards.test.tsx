import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setTestCookie } from '@/testing/cookies';
import { currentUrl, renderApp, users } from '@/testing/test-utils';
import type { PageDef } from './page-types';
import { PAGES } from './pages';

describe('route guards', () => {
  it('sends a guest from a page that needs login to /login?redirect=…', async () => {
    const { router } = renderApp('/user/password');
    await screen.findByRole('heading', { level: 1, name: 'Anmelden' });
    expect(currentUrl(router)).toBe('/login?redirect=%2Fuser%2Fpassword');
  });

  it('keeps the language on the login redirect', async () => {
    const { router } = renderApp('/en/user');
    await screen.findByRole('heading', { level: 1, name: 'Log in' });
    expect(currentUrl(router)).toBe('/en/login?redirect=%2Fen%2Fuser');
  });

  it('returns to the redirect target after login', async () => {
    const { router, user, fetchMock } = renderApp('/user');
    fetchMock.on('GET /sanctum/csrf-cookie', () => {
      setTestCookie('XSRF-TOKEN', 'abc%3D%3D');
      return { status: 204 };
    });
    fetchMock.on('POST /api/login', (req) => {
      expect(req.json()).toEqual({ email: 'student1@example.com', password: 'Secret123', remember: true });
      expect(req.headers.get('X-XSRF-TOKEN')).toBe('abc==');
      return { body: users.student };
    });
    // the profile's Benachrichtigungen (issue 36 item 6)
    fetchMock.on('GET /api/me/notifications', () => ({
      body: { due_reminders: true, manager_digest: true, drip_unlocks: true },
    }));
    await screen.findByRole('heading', { level: 1, name: 'Anmelden' });
    await user.type(screen.getByLabelText('E-Mail-Adresse'), 'Student1@Example.com');
    await user.type(screen.getByLabelText('Passwort'), 'Secret123');
    await user.click(screen.getByLabelText('Angemeldet bleiben'));
    await user.click(screen.getByRole('button', { name: 'Anmelden' }));
    await screen.findByRole('heading', { level: 1, name: 'Profil ändern' });
    expect(currentUrl(router)).toBe('/user');
    expect(fetchMock.callsTo('GET /sanctum/csrf-cookie')).toHaveLength(1);
    fetchMock.expectAllHandled();
  });

  it('shows the server message of a failed login on the e-mail field', async () => {
    const { user, fetchMock } = renderApp('/login');
    setTestCookie('XSRF-TOKEN', 'x');
    fetchMock.on('POST /api/login', () => ({
      status: 422,
      body: {
        message: 'Diese Anmeldedaten sind ungültig.',
        code: 'auth.failed',
        errors: { email: ['Diese Anmeldedaten sind ungültig.'] },
      },
    }));
    await screen.findByRole('heading', { level: 1, name: 'Anmelden' });
    await user.type(screen.getByLabelText('E-Mail-Adresse'), 'a@b.ch');
    await user.type(screen.getByLabelText('Passwort'), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Anmelden' }));
    expect(await screen.findByText('Diese Anmeldedaten sind ungültig.')).toBeTruthy();
    expect(screen.getByLabelText('E-Mail-Adresse').getAttribute('aria-invalid')).toBe('true');
  });

  it('validates with the shared schema and localized messages before sending', async () => {
    const { user, fetchMock } = renderApp('/en/login');
    await screen.findByRole('heading', { level: 1, name: 'Log in' });
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findAllByText('This field is required.')).toHaveLength(2);
    expect(fetchMock.callsTo('POST /api/login')).toHaveLength(0);
  });

  it('sends a logged-in user away from the guest-only login page', async () => {
    const { router } = renderApp('/login', { user: users.student });
    await waitFor(() => expect(currentUrl(router)).toBe('/'));
  });

  it('redirects a student on an admin page to /unauthorized', async () => {
    const { router } = renderApp('/admin', { user: users.student });
    await screen.findByRole('heading', { level: 1, name: 'Keine Berechtigung' });
    expect(currentUrl(router)).toBe('/unauthorized');
  });

  it('redirects a trainer on an admin page to /unauthorized but lets an admin in', async () => {
    const trainer = renderApp('/en/admin', { user: users.trainer });
    await screen.findByRole('heading', { level: 1, name: 'Not authorised' });
    expect(currentUrl(trainer.router)).toBe('/en/unauthorized');
    trainer.unmount();
    renderApp('/admin', { user: users.admin });
    await screen.findByRole('heading', { level: 1, name: 'Administration' });
  });

  it('admits trainers and admins to the trainer area, not students', async () => {
    const trainer = renderApp('/trainer', { user: users.trainer });
    await screen.findByRole('heading', { level: 1, name: 'Trainerbereich – demnächst verfügbar' });
    trainer.unmount();
    const admin = renderApp('/trainer', { user: users.admin });
    await screen.findByRole('heading', { level: 1, name: 'Trainerbereich – demnächst verfügbar' });
    admin.unmount();
    const student = renderApp('/trainer', { user: users.student });
    await screen.findByRole('heading', { level: 1, name: 'Keine Berechtigung' });
    expect(currentUrl(student.router)).toBe('/unauthorized');
  });

  it('corporateTraining guard admits corporateTraining or admin', async () => {
    // the real /employees page (pages.companies.ts) declares the corporateTraining guard
    for (const [who, allowed] of [
      [users.corporateTraining, true],
      [users.admin, true],
      [users.student, false],
      [users.trainer, false],
    ] as const) {
      const app = renderApp('/employees', {
        user: who,
        handlers: { 'GET /api/companies': () => ({ body: [] }) },
      });
      if (allowed) await screen.findByRole('heading', { level: 1, name: 'Mitarbeitende' });
      else await screen.findByRole('heading', { level: 1, name: 'Keine Berechtigung' });
      app.unmount();
    }
  });

  it('an unknown middleware renders the error page with status 500', async () => {
    const page: PageDef = {
      id: 'mc-test-history',
      path: '/mcTest/history',
      layout: 'default',
      middleware: ['x'],
      load: async () => ({ default: () => <h1>never</h1> }),
    };
    renderApp('/mcTest/history', { pages: [...PAGES, page] });
    const errorPage = await screen.findByTestId('error-page');
    expect(within(errorPage).getByRole('heading', { level: 1 }).textContent).toBe(
      'Ein Fehler ist aufgetreten',
    );
    expect(errorPage.getAttribute('data-status')).toBe('500');
    expect(within(errorPage).getByText('Status 500')).toBeTruthy();
    expect(within(errorPage).getByText('Unknown middleware x')).toBeTruthy();
    expect(within(errorPage).getByRole('link', { name: 'Zur Startseite' }).getAttribute('href')).toBe('/');
  });

  it('a page whose check(params) fails shows the not-found page', async () => {
    renderApp('/reset-password');
    expect(await screen.findByRole('heading', { level: 1, name: 'Seite nicht gefunden' })).toBeTruthy();
    expect(screen.getByText('Diese Seite konnte nicht gefunden werden')).toBeTruthy();
  });

  it('an unknown URL renders the 404 page inside the default layout', async () => {
    renderApp('/en/no/such/page');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeTruthy();
    expect(screen.getByText('This page could not be found')).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Main navigation' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Home page' }).getAttribute('href')).toBe('/en');
  });

  it('a 401 from the API on a page that needs login goes to the login page', async () => {
    const { router, user, fetchMock } = renderApp('/user/password', { user: users.student });
    setTestCookie('XSRF-TOKEN', 'x');
    fetchMock.on('POST /api/user/password', () => ({
      status: 401,
      body: { message: 'Nicht angemeldet.', code: 'unauthenticated' },
    }));
    await screen.findByRole('heading', { level: 1, name: 'Passwort ändern' });
    await user.type(screen.getByLabelText('Aktuelles Passwort'), 'Old12345');
    await user.type(screen.getByLabelText('Neues Passwort'), 'Newpass123');
    await user.type(screen.getByLabelText('Passwort bestätigen'), 'Newpass123');
    await user.click(screen.getByRole('button', { name: 'Passwort ändern' }));
    await screen.findByRole('heading', { level: 1, name: 'Anmelden' });
    expect(currentUrl(router)).toBe('/login?redirect=%2Fuser%2Fpassword');
  });
});
