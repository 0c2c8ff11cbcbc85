import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { assignedDto, mcTestDto, mcTestItem, ownerRow, paged } from '@/testing/mc-test-fixtures';
import { renderApp, users } from '@/testing/test-utils';

describe('graduates: grant more time (issue 37)', () => {
  it('asks for the minutes, shows the server refusal in the dialog, then grants and says so', async () => {
    let calls = 0;
    const { user, fetchMock } = renderApp('/mcTest/graduate/5', {
      user: users.trainer,
      handlers: {
        'GET /api/mc_tests/5': () => ({ body: mcTestDto() }),
        'GET /api/mc_tests': () => ({ body: paged([mcTestItem()]) }),
        'GET /api/graduate/history/owner/': () => ({ body: paged([ownerRow()]) }),
        'POST /api/mc_tests/5/grant-time': (req) => {
          calls++;
          const { minutes } = req.json() as { minutes: number };
          if (minutes > 600)
            return {
              status: 422,
              body: {
                message: 'Die Angaben sind ungültig.',
                code: 'validation_failed',
                errors: { minutes: ['Darf höchstens 600 sein.'] },
              },
            };
          return { body: { mc_test_id: 5, user_id: 2, extra_minutes: minutes, open_run_deadline: null } };
        },
      },
    });
    const [row] = await screen.findAllByTestId('graduate-row');
    await user.click(within(row!).getByTestId('graduate-grant-time'));
    let dialog = await screen.findByRole('dialog', { name: 'Mehr Zeit für Stefanie Student?' });
    const minutes = within(dialog).getByLabelText('Zusätzliche Minuten');
    expect((minutes as HTMLInputElement).value).toBe('15');
    await user.clear(minutes);
    await user.type(minutes, '700');
    await user.click(within(dialog).getByRole('button', { name: 'Mehr Zeit gewähren' }));
    expect(await within(dialog).findByText(/ungültig/)).toBeTruthy();
    await user.clear(minutes);
    await user.type(minutes, '20');
    dialog = screen.getByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Mehr Zeit gewähren' }));
    expect(await screen.findByText('Stefanie Student hat jetzt 20 Minuten mehr Zeit.')).toBeTruthy();
    expect(calls).toBe(2);
    expect(fetchMock.callsTo('POST /api/mc_tests/5/grant-time')[1]!.json()).toEqual({
      userId: ownerRow().user_id,
      minutes: 20,
    });
  });
});

describe('a timed test before the start (issue 37)', () => {
  it('names the time limit in the facts; a test without one shows none', async () => {
    const { unmount } = renderApp('/mcTest/open?test=5', {
      user: users.student,
      handlers: {
        'GET /api/mc_tests/user/assigned/': () => ({ body: [assignedDto({ time_limit_minutes: 30 })] }),
      },
    });
    const intro = await screen.findByTestId('test-intro');
    expect(within(intro).getByTestId('test-time-limit').textContent).toBe('30 Minuten');
    unmount();
    renderApp('/mcTest/open?test=5', {
      user: users.student,
      handlers: { 'GET /api/mc_tests/user/assigned/': () => ({ body: [assignedDto()] }) },
    });
    const plain = await screen.findByTestId('test-intro');
    expect(within(plain).queryByTestId('test-time-limit')).toBeNull();
  });
});
