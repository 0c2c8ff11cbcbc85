import type { UserDto } from '@elearn/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { navLinks } from '@/lib/auth';
import { setTestCookie } from '@/testing/cookies';
import { paginatorOf } from '@/testing/fixtures';
import { renderApp, users } from '@/testing/test-utils';
import { currentNavLink } from './navbar';

async function renderNavbar(user: UserDto | null) {
  const app = renderApp('/impress', { user });
  await screen.findByRole('heading', { level: 1, name: 'Impressum' });
  const nav = screen.getByRole('navigation', { name: 'Hauptnavigation' });
  if (user) await within(nav).findByRole('button', { name: `Benutzermenü von ${user.username}` });
  else await within(nav).findByRole('link', { name: 'Anmelden' });
  return { ...app, nav };
}

const hrefOf = (nav: HTMLElement, name: string) =>
  within(nav).queryByRole('link', { name })?.getAttribute('href');

describe('navbar rules (spec section 2)', () => {
  it('guest: login and register buttons, no app links, no user menu', async () => {
    const { nav, fetchMock } = await renderNavbar(null);
    expect(hrefOf(nav, 'Anmelden')).toBe('/login');
    expect(hrefOf(nav, 'Registrieren')).toBe('/register');
    for (const name of ['Seminare', 'Tests', 'Mitarbeitende', 'Firmenseminare'])
      expect(hrefOf(nav, name)).toBeUndefined();
    expect(within(nav).queryByRole('button', { name: /Benutzermenü/ })).toBeNull();
    // no XSRF cookie means no session: no need to ask the server
    expect(fetchMock.callsTo('GET /api/user')).toHaveLength(0);
    fetchMock.expectAllHandled();
  });

  it('guest with a stale session: GET /api/user answers 401, shown as logged out', async () => {
    setTestCookie('XSRF-TOKEN', 'stale');
    const { fetchMock } = renderApp('/impress');
    const nav = await screen.findByRole('navigation', { name: 'Hauptnavigation' });
    await within(nav).findByRole('link', { name: 'Anmelden' });
    expect(fetchMock.callsTo('GET /api/user')).toHaveLength(1);
    expect(hrefOf(nav, 'Seminare')).toBeUndefined();
  });

  it('guest with the XSRF cookie of a guest session (after logout or registration): no GET /api/user', async () => {
    setTestCookie('XSRF-TOKEN', 'g.guest-session-token');
    const { fetchMock } = renderApp('/impress');
    const nav = await screen.findByRole('navigation', { name: 'Hauptnavigation' });
    await within(nav).findByRole('link', { name: 'Anmelden' });
    expect(fetchMock.callsTo('GET /api/user')).toHaveLength(0);
  });

  it('student: seminars (/seminar) and tests, no employees or company seminars', async () => {
    const { nav } = await renderNavbar(users.student);
    expect(hrefOf(nav, 'Seminare')).toBe('/seminar');
    expect(hrefOf(nav, 'Tests')).toBe('/mcTest');
    expect(hrefOf(nav, 'Mitarbeitende')).toBeUndefined();
    expect(hrefOf(nav, 'Firmenseminare')).toBeUndefined();
    expect(hrefOf(nav, 'Anmelden')).toBeUndefined();
    expect(hrefOf(nav, 'Registrieren')).toBeUndefined();
  });

  it('user with a company: company seminars and tests, no plain seminars link', async () => {
    const { nav } = await renderNavbar(users.companyUser);
    expect(hrefOf(nav, 'Firmenseminare')).toBe('/company/acme/seminar');
    expect(hrefOf(nav, 'Tests')).toBe('/mcTest');
    expect(hrefOf(nav, 'Seminare')).toBeUndefined();
    expect(hrefOf(nav, 'Mitarbeitende')).toBeUndefined();
  });

  it('corporateTraining: seminars (/seminar), employees, company seminars, no tests', async () => {
    const { nav } = await renderNavbar(users.corporateTraining);
    expect(hrefOf(nav, 'Seminare')).toBe('/seminar');
    expect(hrefOf(nav, 'Mitarbeitende')).toBe('/employees');
    expect(hrefOf(nav, 'Firmenseminare')).toBe('/company/acme/seminar');
    expect(hrefOf(nav, 'Tests')).toBeUndefined();
  });

  it('trainer: seminars go to /seminar/own, tests', async () => {
    const { nav } = await renderNavbar(users.trainer);
    expect(hrefOf(nav, 'Seminare')).toBe('/seminar/own');
    expect(hrefOf(nav, 'Tests')).toBe('/mcTest');
    expect(hrefOf(nav, 'Mitarbeitende')).toBeUndefined();
  });

  it('admin: seminars go to /seminar/own, tests', async () => {
    const { nav } = await renderNavbar(users.admin);
    expect(hrefOf(nav, 'Seminare')).toBe('/seminar/own');
    expect(hrefOf(nav, 'Tests')).toBe('/mcTest');
    expect(hrefOf(nav, 'Mitarbeitende')).toBeUndefined();
  });

  it('user menu: keyboard-usable disclosure with profile, password and logout', async () => {
    const { nav, user } = await renderNavbar(users.student);
    const toggle = within(nav).getByRole('button', { name: 'Benutzermenü von student1' });
    expect(toggle.textContent).toBe('student1');
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    toggle.focus();
    await user.keyboard('{Enter}');
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(hrefOf(nav, 'Profil ändern')).toBe('/user');
    expect(hrefOf(nav, 'Passwort ändern')).toBe('/user/password');
    expect(hrefOf(nav, 'Meine Zahlungen')).toBe('/payment/payment-confirmation');
    expect(within(nav).queryByRole('link', { name: 'Administration' })).toBeNull();
    within(nav).getByRole('button', { name: 'Abmelden' });
    await user.keyboard('{Escape}');
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(toggle);
  });

  it('user menu of an admin links to the administration', async () => {
    const { nav, user } = await renderNavbar(users.admin);
    await user.click(within(nav).getByRole('button', { name: /Benutzermenü von/ }));
    expect(hrefOf(nav, 'Administration')).toBe('/admin');
  });

  it('burger button toggles the menu and is labelled', async () => {
    const { nav, user } = await renderNavbar(null);
    const burger = within(nav).getByRole('button', { name: 'Menü öffnen' });
    await user.click(burger);
    expect(burger.getAttribute('aria-expanded')).toBe('true');
    expect(within(nav).getByRole('button', { name: 'Menü schliessen' })).toBe(burger);
  });

  it('links carry the /en prefix on English pages', async () => {
    renderApp('/en/impress', { user: users.trainer });
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    await waitFor(() => expect(hrefOf(nav, 'Seminars')).toBe('/en/seminar/own'));
    expect(hrefOf(nav, 'Tests')).toBe('/en/mcTest');
  });

  it('logout: POST /api/logout, success toast, home page', async () => {
    const { nav, user, router, fetchMock } = await renderNavbar(users.student);
    setTestCookie('XSRF-TOKEN', 'tok%3D1');
    fetchMock.on('POST /api/logout', () => ({ status: 204 }));
    // the home page shows the newest seminars (issue 34)
    fetchMock.on('GET /api/seminars/catalogue', () => ({ body: paginatorOf([]) }));
    await user.click(within(nav).getByRole('button', { name: 'Benutzermenü von student1' }));
    await user.click(within(nav).getByRole('button', { name: 'Abmelden' }));
    expect(await screen.findByText('Erfolgreich abgemeldet')).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    const [logout] = fetchMock.callsTo('POST /api/logout');
    expect(logout?.headers.get('X-XSRF-TOKEN')).toBe('tok=1');
    // the next visit starts as a guest without a 401 probe
    expect(document.cookie).not.toContain('XSRF-TOKEN');
    // the navbar shows the guest's login link (the home page may show its own as well)
    await within(nav).findByRole('link', { name: 'Anmelden' });
    fetchMock.expectAllHandled();
  });
});

describe('the current navbar link (issue 32 item 15)', () => {
  const current = (user: UserDto, path: string) => currentNavLink(navLinks(user), path)?.id ?? null;

  it('"Company seminars" on every page reached from there, "Seminars" not', () => {
    for (const user of [users.corporateTraining, users.companyUser]) {
      for (const path of [
        '/company/acme/seminar',
        '/company/acme/seminar/booked',
        '/company/acme/seminar/12',
        '/company/acme',
        '/seminar/id/12/assign-user-company',
        '/seminar/booking/12',
      ]) {
        expect(current(user, path), path).toBe('companySeminars');
      }
    }
  });

  it('the other links on their own pages and below', () => {
    expect(current(users.corporateTraining, '/seminar')).toBe('seminars');
    expect(current(users.corporateTraining, '/seminar/booked')).toBe('seminars');
    expect(current(users.corporateTraining, '/seminar/id/12')).toBe('seminars');
    expect(current(users.corporateTraining, '/employees')).toBe('employees');
    expect(current(users.student, '/mcTest/open')).toBe('tests');
    expect(current(users.student, '/impress')).toBeNull();
    // another company's pages are not "Company seminars" of this one
    expect(current(users.companyUser, '/company/other/seminar')).toBeNull();
  });
});
