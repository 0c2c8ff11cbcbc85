import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { getCookie } from '@/lib/cookies';
import { setTestCookie } from '@/testing/cookies';
import { renderApp, users } from '@/testing/test-utils';
import { CONSENT_COOKIE } from '../consent-store';

const consentCookie = () => {
  const raw = getCookie(CONSENT_COOKIE);
  return raw ? JSON.parse(decodeURIComponent(raw)) : null;
};

describe('cookie consent modal (spec section 4)', () => {
  it('appears for a logged-out visitor without consent and cannot be dismissed by Escape', async () => {
    const { user } = renderApp('/impress');
    const dialog = await screen.findByRole('dialog', { name: 'Cookies' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(within(dialog).getByText(/nur technisch notwendige Cookies/)).toBeTruthy();
    // no close button, and the button is focused first
    expect(within(dialog).queryByRole('button', { name: 'Schliessen' })).toBeNull();
    const accept = within(dialog).getByRole('button', { name: 'Ich habe verstanden!' });
    await waitFor(() => expect(document.activeElement).toBe(accept));

    await user.keyboard('{Escape}');
    fireEvent.keyDown(dialog, { key: 'Escape' });
    const backdrop = document.querySelector('.modal-background');
    if (backdrop) fireEvent.click(backdrop);
    expect(screen.getByRole('dialog', { name: 'Cookies' })).toBeTruthy();
    expect(consentCookie()).toBeNull();
  });

  it('the button sets consentedRequired in the consent cookie and closes the modal', async () => {
    const { user } = renderApp('/impress');
    const dialog = await screen.findByRole('dialog', { name: 'Cookies' });
    await user.click(within(dialog).getByRole('button', { name: 'Ich habe verstanden!' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(consentCookie()).toEqual({
      consentedRequired: true,
      consentedMatomo: false,
      cookies: false,
      newAppInfo: true,
    });
  });

  it('keeps Tab inside the dialog', async () => {
    const { user } = renderApp('/impress');
    const dialog = await screen.findByRole('dialog', { name: 'Cookies' });
    const accept = within(dialog).getByRole('button', { name: 'Ich habe verstanden!' });
    await waitFor(() => expect(document.activeElement).toBe(accept));
    await user.tab();
    expect(dialog.contains(document.activeElement)).toBe(true);
    await user.tab();
    expect(dialog.contains(document.activeElement)).toBe(true);
  });

  it('is not shown to logged-in users', async () => {
    renderApp('/impress', { user: users.student });
    await screen.findByRole('button', { name: 'Benutzermenü von student1' });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('is not shown again after consent, and the footer "Cookies" link reopens it', async () => {
    setTestCookie(
      CONSENT_COOKIE,
      encodeURIComponent(
        JSON.stringify({ consentedRequired: true, consentedMatomo: false, cookies: false, newAppInfo: true }),
      ),
    );
    const { user } = renderApp('/dsg');
    await screen.findByRole('heading', { level: 1, name: 'Datenschutzerklärung' });
    await screen.findByRole('link', { name: 'Anmelden' });
    expect(screen.queryByRole('dialog')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Cookies' }));
    expect(await screen.findByRole('dialog', { name: 'Cookies' })).toBeTruthy();
  });

  it('offers analytics only when Matomo is configured, and loads it only after consent', async () => {
    const plain = renderApp('/impress');
    const dialog = await screen.findByRole('dialog', { name: 'Cookies' });
    await waitFor(() => expect(plain.fetchMock.callsTo('GET /api/config')).toHaveLength(1));
    expect(within(dialog).queryByRole('checkbox')).toBeNull();
    plain.unmount();

    const { user } = renderApp('/impress', { matomo: { url: 'https://stats.example.org/', siteId: '3' } });
    const box = await screen.findByRole('checkbox', { name: /Matomo/ });
    expect(document.querySelector('script[data-matomo]')).toBeNull();
    await user.click(box);
    await user.click(screen.getByRole('button', { name: 'Ich habe verstanden!' }));
    await waitFor(() =>
      expect(document.querySelector('script[data-matomo]')?.getAttribute('src')).toBe(
        'https://stats.example.org/matomo.js',
      ),
    );
    expect(consentCookie()?.consentedMatomo).toBe(true);
    expect(window._paq).toContainEqual(['setConsentGiven']);
  });

  it('shows the new-app banner until it is dismissed', async () => {
    const { user } = renderApp('/impress', { user: users.student });
    const banner = await screen.findByText('Willkommen auf der neuen Plattform!');
    const note = banner.closest('.notification') as HTMLElement;
    await user.click(within(note).getByRole('button', { name: 'Schliessen' }));
    expect(screen.queryByText('Willkommen auf der neuen Plattform!')).toBeNull();
    expect(consentCookie()?.newAppInfo).toBe(false);
  });
});
