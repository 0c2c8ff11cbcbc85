import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setTestCookie } from '@/testing/cookies';
import { currentUrl, renderApp } from '@/testing/test-utils';

const xsrf = () => {
  setTestCookie('XSRF-TOKEN', 't');
};

describe('registration', () => {
  it('registers, shows the "mail sent" state and resends the mail', async () => {
    xsrf();
    const { user, fetchMock } = renderApp('/register');
    fetchMock.on('POST /api/register/', () => ({
      status: 201,
      body: { message: 'Registrierung erfolgreich.' },
    }));
    fetchMock.on('POST /api/email/verification-notification', () => ({
      status: 202,
      body: { message: 'Ein neuer Bestätigungslink wurde gesendet.' },
    }));
    const form = await screen.findByTestId('register-form');
    // the form is rendered once more when the layout's lazy parts arrive: wait for that
    await new Promise((r) => setTimeout(r, 300));
    await user.type(within(form).getByLabelText('Benutzername'), 'neu.user');
    await user.type(within(form).getByLabelText('E-Mail-Adresse'), 'neu@example.ch');
    await user.type(within(form).getByLabelText('Vorname'), 'Nina');
    await user.type(within(form).getByLabelText('Nachname'), 'Neu');
    await user.type(within(form).getByLabelText('Passwort'), 'Geheim123');
    await user.type(within(form).getByLabelText('Passwort bestätigen'), 'Geheim123');
    await user.click(within(form).getByRole('button', { name: 'Registrieren' }));

    const sent = await screen.findByTestId('register-mail-sent');
    expect(within(sent).getByText('Registrierung erfolgreich.')).toBeTruthy();
    expect(fetchMock.callsTo('POST /api/register/')[0]!.json()).toEqual({
      username: 'neu.user',
      email: 'neu@example.ch',
      first_name: 'Nina',
      last_name: 'Neu',
      password: 'Geheim123',
      password_confirmation: 'Geheim123',
      locale: 'de',
    });
    await user.click(within(sent).getByRole('button', { name: 'Bestätigungs-E-Mail erneut senden' }));
    expect(await within(sent).findByText('Ein neuer Bestätigungslink wurde gesendet.')).toBeTruthy();
    expect(fetchMock.callsTo('POST /api/email/verification-notification')[0]!.json()).toEqual({
      email: 'neu@example.ch',
    });
    fetchMock.expectAllHandled();
  });

  it('checks the password rules (upCase, confirmation) in the form', async () => {
    const { user, fetchMock } = renderApp('/register');
    const form = await screen.findByTestId('register-form');
    await user.type(within(form).getByLabelText('Passwort'), 'kleinbuchstaben');
    await user.type(within(form).getByLabelText('Passwort bestätigen'), 'anders');
    await user.click(within(form).getByRole('button', { name: 'Registrieren' }));
    expect(await within(form).findByText('Mindestens ein Grossbuchstabe benötigt')).toBeTruthy();
    expect(within(form).getByText('Die Bestätigung stimmt nicht überein.')).toBeTruthy();
    expect(fetchMock.callsTo('POST /api/register/')).toHaveLength(0);
  });

  it('puts 422 field errors of the server on the fields', async () => {
    xsrf();
    const { user, fetchMock } = renderApp('/en/register');
    fetchMock.on('POST /api/register/', () => ({
      status: 422,
      body: {
        message: 'The given data was invalid.',
        code: 'validation_failed',
        errors: {
          username: ['This username is already taken.'],
          email: ['This e-mail address is already taken.'],
        },
      },
    }));
    const form = await screen.findByTestId('register-form');
    await user.type(within(form).getByLabelText('Username'), 'taken');
    await user.type(within(form).getByLabelText('E-mail address'), 'taken@example.ch');
    await user.type(within(form).getByLabelText('First name'), 'T');
    await user.type(within(form).getByLabelText('Last name'), 'T');
    await user.type(within(form).getByLabelText('Password'), 'Geheim123');
    await user.type(within(form).getByLabelText('Confirm password'), 'Geheim123');
    await user.click(within(form).getByRole('button', { name: 'Register' }));
    expect(await within(form).findByText('This username is already taken.')).toBeTruthy();
    expect(within(form).getByText('This e-mail address is already taken.')).toBeTruthy();
    expect(fetchMock.callsTo('POST /api/register/')[0]!.json()).toMatchObject({ locale: 'en' });
  });
});

describe('e-mail verification page', () => {
  it('calls the API with the verbatim query, shows success with a login link and drops the query', async () => {
    const { router, fetchMock } = renderApp('/email/verify/12/abc?expires=1700000000&signature=s%2Bg');
    fetchMock.on('GET /api/email/verify/12/abc', () => ({
      body: { message: 'Die E-Mail-Adresse wurde bestätigt.', verified: true },
    }));
    const ok = await screen.findByTestId('verify-success');
    expect(within(ok).getByText('E-Mail-Adresse bestätigt')).toBeTruthy();
    expect(within(ok).getByText('Die E-Mail-Adresse wurde bestätigt.')).toBeTruthy();
    expect(within(ok).getByRole('link', { name: 'Zur Anmeldung' }).getAttribute('href')).toBe('/login');
    expect(fetchMock.callsTo('GET /api/email/verify/12/abc')[0]!.search).toBe(
      '?expires=1700000000&signature=s%2Bg',
    );
    await waitFor(() => expect(currentUrl(router)).toBe('/email/verify/12/abc'));
    expect(fetchMock.callsTo('GET /api/email/verify/12/abc')).toHaveLength(1);
  });

  it('shows the verification error with a resend form', async () => {
    xsrf();
    const { user, fetchMock } = renderApp('/en/email/verify/12/abc?expires=1&signature=bad');
    fetchMock.on('GET /api/email/verify/12/abc', () => ({
      status: 403,
      body: { message: 'The verification link has expired.', code: 'auth.verify_expired' },
    }));
    fetchMock.on('POST /api/email/verification-notification', () => ({
      status: 202,
      body: { message: 'Sent.' },
    }));
    const failed = await screen.findByTestId('verify-error');
    expect(within(failed).getByText('The verification link has expired.')).toBeTruthy();
    await user.type(within(failed).getByLabelText('E-mail address'), 'me@example.ch');
    await user.click(within(failed).getByRole('button', { name: 'Resend verification e-mail' }));
    expect(await within(failed).findByText('Sent.')).toBeTruthy();
    expect(fetchMock.callsTo('POST /api/email/verification-notification')[0]!.json()).toEqual({
      email: 'me@example.ch',
    });
  });
});

describe('password reset', () => {
  it('forgot password shows the server message', async () => {
    xsrf();
    const { user, fetchMock } = renderApp('/forgot-password');
    fetchMock.on('POST /api/forgot-password', () => ({ body: { message: 'Wenn ein Konto existiert …' } }));
    const form = await screen.findByTestId('forgot-password-form');
    await user.type(within(form).getByLabelText('E-Mail-Adresse'), 'x@example.ch');
    await user.click(within(form).getByRole('button', { name: 'Link senden' }));
    expect(await within(form).findByText('Wenn ein Konto existiert …')).toBeTruthy();
  });

  it('reset prefills the e-mail, posts the token and goes to login with a notice', async () => {
    xsrf();
    const { user, fetchMock, router } = renderApp('/reset-password/tok123?email=anna%40example.ch');
    fetchMock.on('POST /api/reset-password', () => ({
      body: { message: 'Das Passwort wurde zurückgesetzt.' },
    }));
    const form = await screen.findByTestId('reset-password-form');
    expect((within(form).getByLabelText('E-Mail-Adresse') as HTMLInputElement).value).toBe('anna@example.ch');
    await user.type(within(form).getByLabelText('Neues Passwort'), 'Neuespw123');
    await user.type(within(form).getByLabelText('Passwort bestätigen'), 'Neuespw123');
    await user.click(within(form).getByRole('button', { name: 'Passwort speichern' }));
    expect(await screen.findByText('Das Passwort wurde zurückgesetzt.')).toBeTruthy();
    expect(currentUrl(router)).toBe('/login');
    expect(fetchMock.callsTo('POST /api/reset-password')[0]!.json()).toEqual({
      token: 'tok123',
      email: 'anna@example.ch',
      password: 'Neuespw123',
      password_confirmation: 'Neuespw123',
    });
  });

  it('reset shows auth.reset_invalid', async () => {
    xsrf();
    const { user, fetchMock } = renderApp('/reset-password/old?email=anna%40example.ch');
    fetchMock.on('POST /api/reset-password', () => ({
      status: 422,
      body: { message: 'Dieser Link ist ungültig oder abgelaufen.', code: 'auth.reset_invalid' },
    }));
    const form = await screen.findByTestId('reset-password-form');
    await user.type(within(form).getByLabelText('Neues Passwort'), 'Neuespw123');
    await user.type(within(form).getByLabelText('Passwort bestätigen'), 'Neuespw123');
    await user.click(within(form).getByRole('button', { name: 'Passwort speichern' }));
    expect(await within(form).findByText('Dieser Link ist ungültig oder abgelaufen.')).toBeTruthy();
    expect(within(form).getByRole('link', { name: 'Neuen Link anfordern' })).toBeTruthy();
  });
});
