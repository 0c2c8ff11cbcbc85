import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { paginatorOf } from '@/testing/fixtures';
import { renderApp, users } from '@/testing/test-utils';

const emptyPage = () => ({ body: paginatorOf([], 1, 10, 0) });
const overview = {
  'GET /api/admin/users': emptyPage,
  'GET /api/admin/companies': emptyPage,
  'GET /api/admin/seminars': emptyPage,
  'GET /api/admin/payments': emptyPage,
  'GET /api/admin/audit': emptyPage,
  'GET /api/admin/jobs/failed': emptyPage,
  'GET /api/admin/jobs': () => ({
    body: [
      { kind: 'mail', queued: 0, active: 0, failed: 0, oldest_waiting_seconds: 0, schedule: null },
      {
        kind: 'due-reminders',
        queued: 0,
        active: 0,
        failed: 0,
        oldest_waiting_seconds: 0,
        schedule: '0 6 * * *',
      },
    ],
  }),
};

describe('scheduled jobs on the admin overview (issue 36 item 6)', () => {
  it('shows each kind’s schedule and runs a scheduled one now with the server’s message', async () => {
    const { user, fetchMock } = renderApp('/admin', {
      user: users.admin,
      handlers: {
        ...overview,
        'POST /api/admin/jobs/run': () => ({
          status: 202,
          body: { message: 'Der Auftrag «due-reminders» wird jetzt ausgeführt.' },
        }),
      },
    });
    const kinds = await screen.findByTestId('admin-job-kinds');
    await waitFor(() => expect(within(kinds).getAllByRole('row')).toHaveLength(3));
    expect(within(kinds).getByRole('columnheader', { name: 'Zeitplan (UTC)' })).toBeTruthy();
    const mail = within(kinds).getByText('E-Mails').closest('tr')!;
    expect(mail.querySelectorAll('td')[5]!.textContent).toBe('–');
    expect(within(mail).queryByRole('button')).toBeNull();
    const due = within(kinds).getByText('Erinnerungen an Fälligkeiten').closest('tr')!;
    expect(due.querySelectorAll('td')[5]!.textContent).toBe('0 6 * * *');

    await user.click(
      within(due).getByRole('button', { name: 'Jetzt ausführen: Erinnerungen an Fälligkeiten' }),
    );
    expect(await screen.findByText('Der Auftrag «due-reminders» wird jetzt ausgeführt.')).toBeTruthy();
    expect(fetchMock.callsTo('POST /api/admin/jobs/run').map((r) => r.json())).toEqual([
      { kind: 'due-reminders' },
    ]);
  });

  it('shows a refusal of the server (a kind whose schedule is gone: 404) as an error', async () => {
    const { user } = renderApp('/en/admin', {
      user: users.admin,
      handlers: {
        ...overview,
        'POST /api/admin/jobs/run': () => ({
          status: 404,
          body: { message: 'Not found.', code: 'not_found' },
        }),
      },
    });
    const kinds = await screen.findByTestId('admin-job-kinds');
    const due = (await within(kinds).findByText('Due date reminders')).closest('tr')!;
    await user.click(within(due).getByRole('button', { name: 'Run now: Due date reminders' }));
    expect(await screen.findByText('Not found.')).toBeTruthy();
  });
});
