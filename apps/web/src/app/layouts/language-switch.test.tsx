import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { getCookie } from '@/lib/cookies';
import { setTestCookie } from '@/testing/cookies';
import { currentUrl, renderApp, users } from '@/testing/test-utils';

describe('language switch', () => {
  it('keeps the page, swaps the prefix and remembers the language', async () => {
    const { router, user } = renderApp('/impress');
    await screen.findByRole('heading', { level: 1, name: 'Impressum' });
    const group = screen.getAllByRole('navigation', { name: 'Sprache' })[0]!;
    expect(within(group).getByRole('link', { name: 'EN' }).getAttribute('href')).toBe('/en/impress');
    await user.click(within(group).getByRole('link', { name: 'EN' }));
    await screen.findByRole('heading', { level: 1, name: 'Legal notice' });
    expect(currentUrl(router)).toBe('/en/impress');
    expect(getCookie('i18n_redirected')).toBe('en');
    expect(document.documentElement.lang).toBe('en');

    const en = screen.getAllByRole('navigation', { name: 'Language' })[0]!;
    expect(within(en).getByRole('link', { name: 'DE' }).getAttribute('href')).toBe('/impress');
    await user.click(within(en).getByRole('link', { name: 'DE' }));
    await screen.findByRole('heading', { level: 1, name: 'Impressum' });
    expect(currentUrl(router)).toBe('/impress');
    expect(getCookie('i18n_redirected')).toBe('de');
  });

  it('keeps nested paths and the query', async () => {
    const { router, user } = renderApp('/user/password?x=1', { user: users.student });
    await screen.findByRole('heading', { level: 1, name: 'Passwort ändern' });
    await user.click(screen.getByRole('link', { name: 'EN' }));
    await screen.findByRole('heading', { level: 1, name: 'Change password' });
    expect(currentUrl(router)).toBe('/en/user/password?x=1');
  });

  it('switches the home page between / and /en', async () => {
    const { router, user } = renderApp('/en');
    await screen.findByRole('heading', { level: 1, name: 'Learn whenever and wherever you want' });
    await user.click(screen.getByRole('link', { name: 'DE' }));
    await waitFor(() => expect(currentUrl(router)).toBe('/'));
  });

  it('sends the first visit of / to /en when the language cookie says en', async () => {
    setTestCookie('i18n_redirected', 'en');
    const { router } = renderApp('/');
    await screen.findByRole('heading', { level: 1, name: 'Learn whenever and wherever you want' });
    expect(currentUrl(router)).toBe('/en');
  });

  it('stays on / without the cookie (German is the default)', async () => {
    const { router } = renderApp('/');
    await screen.findByRole('heading', { level: 1, name: 'Lernen, wann und wo Sie wollen' });
    expect(currentUrl(router)).toBe('/');
  });

  it('sends Accept-Language of the page language', async () => {
    const { fetchMock } = renderApp('/en/impress', { user: users.student });
    await screen.findByRole('heading', { level: 1, name: 'Legal notice' });
    await waitFor(() => expect(fetchMock.callsTo('GET /api/user').length).toBeGreaterThan(0));
    const last = fetchMock.callsTo('GET /api/user').at(-1)!;
    expect(last.headers.get('Accept-Language')).toBe('en');
  });
});
