import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setTestCookie } from '@/testing/cookies';
import { renderApp, users } from '@/testing/test-utils';

const xsrf = () => {
  setTestCookie('XSRF-TOKEN', 't');
};

describe('profile form', () => {
  it('sends the fields and the avatar as multipart and shows a preview', async () => {
    xsrf();
    const { user, fetchMock } = renderApp('/user', { user: users.student });
    fetchMock.on('POST /api/user/update', () => ({
      body: { ...users.student, first_name: 'Steffi', avatar_url: '/media/avatars/1.png' },
    }));
    const form = await screen.findByTestId('profile-form');
    const first = within(form).getByLabelText('Vorname') as HTMLInputElement;
    expect(first.value).toBe('Stefanie');
    await user.clear(first);
    await user.type(first, 'Steffi');
    const file = new File([new Uint8Array(1000)], 'me.png', { type: 'image/png' });
    await user.upload(within(form).getByLabelText('Profilbild'), file);
    expect(within(form).getByAltText('Vorschau des neuen Profilbilds').getAttribute('src')).toMatch(/^blob:/);
    await user.click(within(form).getByRole('button', { name: 'Profil speichern' }));
    expect(await within(form).findByText('Das Profil wurde gespeichert.')).toBeTruthy();

    const body = fetchMock.callsTo('POST /api/user/update')[0]!.body as FormData;
    expect(body).toBeInstanceOf(FormData);
    expect(body.get('first_name')).toBe('Steffi');
    expect(body.get('last_name')).toBe('Student');
    expect(body.get('username')).toBe('student1');
    expect(body.get('email')).toBe('student1@example.com');
    expect((body.get('avatar') as File).name).toBe('me.png');
    expect(within(form).getByAltText('Aktuelles Profilbild').getAttribute('src')).toBe(
      '/media/avatars/1.png',
    );
  });

  it('rejects too large or wrong avatar files in the form', async () => {
    const { user, fetchMock } = renderApp('/en/user', { user: users.student });
    const form = await screen.findByTestId('profile-form');
    const input = within(form).getByLabelText('Profile picture');
    await user.upload(input, new File([new Uint8Array(3 * 1024 * 1024)], 'big.jpg', { type: 'image/jpeg' }));
    expect(within(form).getByText('The image may be at most 2 MB.')).toBeTruthy();
    // the accept attribute is only a hint; a dropped file of another type must be refused too
    fireEvent.change(input, {
      target: { files: [new File(['%PDF'], 'doc.pdf', { type: 'application/pdf' })] },
    });
    expect(within(form).getByText('Please upload a JPEG, PNG, GIF or WebP image.')).toBeTruthy();
    expect(fetchMock.callsTo('POST /api/user/update')).toHaveLength(0);
  });

  it('shows the server errors of the avatar and the fields', async () => {
    xsrf();
    const { user, fetchMock } = renderApp('/user', { user: users.student });
    fetchMock.on('POST /api/user/update', () => ({
      status: 422,
      body: {
        message: 'Die Eingaben sind ungültig.',
        code: 'validation_failed',
        errors: {
          avatar: ['Bitte ein Bild hochladen.'],
          username: ['Dieser Benutzername ist bereits vergeben.'],
        },
      },
    }));
    const form = await screen.findByTestId('profile-form');
    await user.upload(
      within(form).getByLabelText('Profilbild'),
      new File(['x'], 'a.gif', { type: 'image/gif' }),
    );
    await user.click(within(form).getByRole('button', { name: 'Profil speichern' }));
    expect(await within(form).findByText('Bitte ein Bild hochladen.')).toBeTruthy();
    expect(within(form).getByText('Dieser Benutzername ist bereits vergeben.')).toBeTruthy();
  });
});

describe('password form', () => {
  it('shows errors.current_password on its field, then the success message', async () => {
    xsrf();
    const { user, fetchMock } = renderApp('/user/password', { user: users.student });
    let wrong = true;
    fetchMock.on('POST /api/user/password', () =>
      wrong
        ? {
            status: 422,
            body: {
              message: 'Die Eingaben sind ungültig.',
              code: 'validation_failed',
              errors: { current_password: ['Das aktuelle Passwort ist falsch.'] },
            },
          }
        : { body: { message: 'Das Passwort wurde geändert.' } },
    );
    const form = await screen.findByTestId('password-form');
    await user.type(within(form).getByLabelText('Aktuelles Passwort'), 'Falsch123');
    await user.type(within(form).getByLabelText('Neues Passwort'), 'Neuespw123');
    await user.type(within(form).getByLabelText('Passwort bestätigen'), 'Neuespw123');
    await user.click(within(form).getByRole('button', { name: 'Passwort ändern' }));
    expect(await within(form).findByText('Das aktuelle Passwort ist falsch.')).toBeTruthy();

    wrong = false;
    const current = within(form).getByLabelText('Aktuelles Passwort');
    await user.clear(current);
    await user.type(current, 'Richtig123');
    await user.click(within(form).getByRole('button', { name: 'Passwort ändern' }));
    expect(await within(form).findByText('Das Passwort wurde geändert.')).toBeTruthy();
    expect((within(form).getByLabelText('Neues Passwort') as HTMLInputElement).value).toBe('');
    expect(fetchMock.callsTo('POST /api/user/password')[1]!.json()).toEqual({
      current_password: 'Richtig123',
      password: 'Neuespw123',
      password_confirmation: 'Neuespw123',
    });
  });
});
