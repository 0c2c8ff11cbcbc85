import type { AdminUserDetailDto, DataExportDto, DeletionState, PendingDeletionDto } from '@elearn/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { paginatorOf } from '@/testing/fixtures';
import { currentUrl, renderApp, users } from '@/testing/test-utils';

const ready: DataExportDto = {
  id: 7,
  user_id: users.student.id,
  status: 'ready',
  size: 2048,
  created_at: '2026-11-25T10:00:00Z',
  ready_at: '2026-11-25T10:00:05Z',
  expires_at: '2026-11-26T10:00:05Z',
  download_url: '/api/privacy/exports/7/download',
};

describe('Meine Daten (/user/privacy)', () => {
  it('shows the empty state, asks for an export and lists it with its download link', async () => {
    let list: DataExportDto[] = [];
    const { user, fetchMock } = renderApp('/user/privacy', {
      user: users.student,
      handlers: {
        'GET /api/privacy/exports': () => ({ body: { data: list } }),
        'POST /api/privacy/exports': () => {
          list = [ready];
          return { status: 202, body: { ...ready, status: 'pending', download_url: null } };
        },
      },
    });
    expect(await screen.findByTestId('privacy-export-empty')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Datenexport anfordern' }));
    const link = await screen.findByTestId('privacy-download');
    expect(link.getAttribute('href')).toMatch(/\/api\/privacy\/exports\/7\/download$/);
    expect(link.hasAttribute('download')).toBe(true);
    expect(screen.getByTestId('privacy-export-row').textContent).toContain('Bereit');
    expect(fetchMock.callsTo('POST /api/privacy/exports')).toHaveLength(1);
  });

  it("shows the server's reason when an export is already being prepared", async () => {
    const { user } = renderApp('/en/user/privacy', {
      user: users.student,
      handlers: {
        'GET /api/privacy/exports': () => ({ body: { data: [] } }),
        'POST /api/privacy/exports': () => ({
          status: 409,
          body: { message: 'Your data export is being prepared.', code: 'privacy.export_pending' },
        }),
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Request a data export' }));
    expect(await screen.findByText('Your data export is being prepared.')).toBeTruthy();
  });

  it('deletes the account only with a password and after confirming; a refusal says why', async () => {
    const { user, fetchMock } = renderApp('/user/privacy', {
      user: users.trainer,
      handlers: {
        'GET /api/privacy/exports': () => ({ body: { data: [] } }),
        'POST /api/privacy/deletion': () => ({
          status: 409,
          body: { message: 'Sie besitzen noch 2 Seminar(e).', code: 'privacy.owns_seminars' },
        }),
      },
    });
    const form = await screen.findByTestId('privacy-delete-form');
    await user.click(within(form).getByRole('button', { name: 'Konto löschen …' }));
    expect(within(form).getByText('Bitte geben Sie Ihr Passwort ein.')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    await user.type(within(form).getByLabelText('Ihr Passwort zur Bestätigung'), 'Secret-1');
    await user.click(within(form).getByRole('button', { name: 'Konto löschen …' }));
    const dialog = await screen.findByRole('dialog');
    expect(fetchMock.callsTo('POST /api/privacy/deletion')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Ja, Konto löschen' }));
    expect(await screen.findByText('Sie besitzen noch 2 Seminar(e).')).toBeTruthy();
    expect(fetchMock.callsTo('POST /api/privacy/deletion')[0]!.json()).toEqual({ password: 'Secret-1' });
  });

  it('after the deletion request the person is logged out and told the day', async () => {
    const { user, router } = renderApp('/en/user/privacy', {
      user: users.student,
      handlers: {
        'GET /api/privacy/exports': () => ({ body: { data: [] } }),
        'POST /api/privacy/deletion': () => ({
          status: 202,
          body: { pending: true, requested_at: '2026-11-25T10:00:00Z', due_at: '2026-12-09T10:00:00Z' },
        }),
      },
    });
    await user.type(await screen.findByLabelText('Your password to confirm'), 'Secret-1');
    await user.click(screen.getByRole('button', { name: 'Delete account …' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Yes, delete my account' }),
    );
    await waitFor(() => expect(currentUrl(router)).toBe('/en/login'));
    expect(await screen.findByText(/it will be deleted on 9 December 2026/)).toBeTruthy();
  });
});

describe('pending deletions (/admin/deletions)', () => {
  const pending: PendingDeletionDto = {
    user_id: 21,
    username: 'sara21',
    email: 'sara@example.com',
    first_name: 'Sara',
    last_name: 'Schmid',
    requested_at: '2026-11-20T10:00:00Z',
    due_at: '2099-12-04T10:00:00Z',
    self: true,
  };

  it('lists them with a link to the person, and says so when there are none', async () => {
    renderApp('/admin/deletions', {
      user: users.admin,
      handlers: { 'GET /api/admin/deletions': () => ({ body: paginatorOf([pending], 1, 3, 41) }) },
    });
    const row = await screen.findByTestId('pending-deletion');
    expect(within(row).getByRole('link', { name: 'Sara Schmid' }).getAttribute('href')).toBe(
      '/admin/users/21',
    );
    expect(row.textContent).toContain('der Person selbst');
    expect(screen.getByTestId('pagination')).toBeTruthy();
    expect(screen.getByText('41 Konten')).toBeTruthy();
  });

  it('has an empty state', async () => {
    renderApp('/en/admin/deletions', {
      user: users.admin,
      handlers: { 'GET /api/admin/deletions': () => ({ body: paginatorOf([]) }) },
    });
    expect(await screen.findByText('No deletions pending.')).toBeTruthy();
  });
});

describe('the privacy box of an admin user page', () => {
  const sara: AdminUserDetailDto = {
    id: 21,
    username: 'sara21',
    first_name: 'Sara',
    last_name: 'Schmid',
    email: 'sara@example.com',
    scopes: [],
    disabled: false,
    email_verified: true,
    created_at: '2025-01-15T09:00:00.000Z',
    companies: [],
    bookings: [],
    test_results: [],
  };

  it('asks before deleting on request, then shows the day and offers to withdraw it', async () => {
    let state: DeletionState = { pending: false, requested_at: null, due_at: null };
    const { user, fetchMock } = renderApp('/admin/users/21', {
      user: users.admin,
      handlers: {
        'GET /api/admin/users/21': () => ({ body: sara }),
        'GET /api/admin/users/21/deletion': () => ({ body: state }),
        'POST /api/admin/users/21/deletion': () => {
          state = { pending: true, requested_at: '2026-11-25T10:00:00Z', due_at: '2026-12-09T10:00:00Z' };
          return { status: 202, body: state };
        },
        'POST /api/admin/users/21/export': () => ({
          status: 409,
          body: { message: 'Ihr Datenexport wird gerade vorbereitet.', code: 'privacy.export_pending' },
        }),
      },
    });
    const box = await screen.findByTestId('admin-privacy');
    await user.click(within(box).getByRole('button', { name: 'Konto löschen' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('sara@example.com');
    expect(fetchMock.callsTo('POST /api/admin/users/21/deletion')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Konto löschen' }));
    expect(await within(box).findByTestId('admin-privacy-pending')).toBeTruthy();
    expect(within(box).getByTestId('admin-privacy-pending').textContent).toContain('9. Dezember 2026');
    expect(within(box).getByRole('button', { name: 'Löschung zurückziehen' })).toBeTruthy();

    // a refusal stays in the dialog with the server's reason
    await user.click(within(box).getByRole('button', { name: 'Daten exportieren' }));
    const exportDialog = await screen.findByRole('dialog');
    await user.click(within(exportDialog).getByRole('button', { name: 'Daten exportieren' }));
    expect(await within(exportDialog).findByText('Ihr Datenexport wird gerade vorbereitet.')).toBeTruthy();
  });

  it('says an erased account is no subject any more', async () => {
    renderApp('/en/admin/users/21', {
      user: users.admin,
      handlers: {
        'GET /api/admin/users/21': () => ({
          body: { ...sara, username: 'deleted-21', first_name: '', last_name: '' },
        }),
        'GET /api/admin/users/21/deletion': () => ({
          status: 404,
          body: { message: 'Not found.', code: 'not_found' },
        }),
      },
    });
    expect((await screen.findByTestId('admin-privacy-erased')).textContent).toContain(
      'This account has been erased',
    );
    expect(screen.queryByRole('button', { name: 'Export data' })).toBeNull();
  });
});
