import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp, users } from '@/testing/test-utils';

/** issue 11 item 10: an unverified user sees what waits for the confirmation and can resend the link */
describe('unverified e-mail notice', () => {
  const unverified = { ...users.student, email_verified_at: null };

  it('tells an unverified user (German) what needs the confirmation and resends the link', async () => {
    const { user, fetchMock } = renderApp('/dsg', { user: unverified });
    fetchMock.on('POST /api/email/verification-notification', () => ({
      status: 202,
      body: { message: 'Ein neuer Bestätigungslink wurde gesendet.' },
    }));
    const notice = await screen.findByTestId('unverified-notice');
    expect(within(notice).getByText('Bitte bestätigen Sie Ihre E-Mail-Adresse')).toBeTruthy();
    expect(notice.textContent).toContain('keine Seminare buchen');
    await user.click(within(notice).getByRole('button', { name: 'Bestätigungs-E-Mail erneut senden' }));
    expect(await within(notice).findByText('Ein neuer Bestätigungslink wurde gesendet.')).toBeTruthy();
    expect(fetchMock.callsTo('POST /api/email/verification-notification')[0]!.json()).toEqual({});
  }, 20_000);

  it('speaks English under /en', async () => {
    renderApp('/en/dsg', { user: unverified });
    const notice = await screen.findByTestId('unverified-notice');
    expect(within(notice).getByText('Please confirm your e-mail address')).toBeTruthy();
  });

  it('is not shown to verified users', async () => {
    renderApp('/dsg', { user: users.student });
    await screen.findAllByRole('heading');
    expect(screen.queryByTestId('unverified-notice')).toBeNull();
  });
});
