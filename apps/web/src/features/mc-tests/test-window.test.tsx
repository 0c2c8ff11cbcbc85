import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  assignedDto,
  mcTestDto,
  mcTestItem,
  paged,
  startedRun,
  stopResult,
} from '@/testing/mc-test-fixtures';
import { renderApp, users } from '@/testing/test-utils';

/** a run whose time is up at once: the player submits it and shows the result page */
const finishedAt = () => {
  const now = new Date(Date.now() + 60_000).toISOString();
  return startedRun({ now, deadline: now });
};

describe('availability window and review policy (issue 37 items 4 and 5)', () => {
  it('the editor takes the window in Zurich time and the review policy, and shows the server’s refusal', async () => {
    let refuse = true;
    const { user, fetchMock } = renderApp('/mcTest/5/edit', {
      user: users.trainer,
      handlers: {
        'GET /api/mc_tests/5': () => ({ body: mcTestDto() }),
        'GET /api/mc_tests': () => ({ body: paged([mcTestItem()]) }),
        'GET /api/chapters/mcTests/owner': () => ({ body: [] }),
        'PATCH /api/mc_tests/update': (req) =>
          refuse
            ? {
                status: 422,
                body: {
                  message: 'Die Angaben sind ungültig.',
                  code: 'validation_failed',
                  errors: { closes_at: ['Der Test muss nach seiner Öffnung schliessen.'] },
                },
              }
            : { body: mcTestDto(req.json() as object) },
      },
    });
    const form = await screen.findByTestId('mc-test-form');
    const fields = within(form).getByTestId('mc-test-window-fields');
    // a datetime-local field takes its value whole (as a browser's picker sets it)
    const moment = (label: string, value: string) =>
      fireEvent.change(within(fields).getByLabelText(label), { target: { value } });
    moment('Öffnet am (Zeit Zürich)', '2026-06-02T08:00');
    moment('Schliesst am (Zeit Zürich)', '2026-01-15T17:30');
    await user.selectOptions(
      within(fields).getByLabelText('Nach einem Durchlauf sehen Lernende'),
      'rightness',
    );
    await user.selectOptions(within(fields).getByLabelText('Ab wann'), 'after_close');
    await user.click(within(form).getByRole('button', { name: 'Speichern' }));
    expect(await within(form).findByText('Der Test muss nach seiner Öffnung schliessen.')).toBeTruthy();
    // summer and winter time in Zurich, whatever the browser's zone
    expect(fetchMock.callsTo('PATCH /api/mc_tests/update')[0]!.json()).toMatchObject({
      opens_at: '2026-06-02T06:00:00.000Z',
      closes_at: '2026-01-15T16:30:00.000Z',
      review_content: 'rightness',
      review_when: 'after_close',
    });
    refuse = false;
    moment('Schliesst am (Zeit Zürich)', '2026-06-02T17:00');
    await user.click(within(form).getByRole('button', { name: 'Speichern' }));
    expect(await screen.findByText('Die Einstellungen wurden gespeichert.')).toBeTruthy();
    expect(fetchMock.callsTo('PATCH /api/mc_tests/update')[1]!.json()).toMatchObject({
      closes_at: '2026-06-02T15:00:00.000Z',
    });
  });

  it('shows a learner when the test opens and offers no start before', async () => {
    renderApp('/mcTest/open?test=5', {
      user: users.student,
      handlers: {
        'GET /api/mc_tests/user/assigned/': () => ({
          body: [
            assignedDto({
              opens_at: '2026-06-02T06:00:00.000Z',
              closes_at: '2026-06-02T15:00:00.000Z',
              window: 'not_yet_open',
              can_start: false,
              review: { content: 'full', when: 'after_close' },
            }),
          ],
        }),
      },
    });
    const intro = await screen.findByTestId('test-intro');
    expect(within(intro).getByTestId('test-window').textContent).toBe('öffnet am 02.06.2026, 08:00');
    expect(within(intro).getByTestId('test-review-policy').textContent).toBe(
      'mit den richtigen Antworten und Erklärungen (nach dem Schliessen)',
    );
    expect(within(intro).getByTestId('test-window-closed').textContent).toBe(
      'Dieser Test ist noch nicht geöffnet: er öffnet am 02.06.2026, 08:00.',
    );
    expect(within(intro).queryByTestId('test-start')).toBeNull();
  });

  it('in English: a closed test says since when', async () => {
    renderApp('/en/mcTest/open?test=5', {
      user: users.student,
      handlers: {
        'GET /api/mc_tests/user/assigned/': () => ({
          body: [assignedDto({ closes_at: '2026-01-15T16:30:00.000Z', window: 'closed', can_start: false })],
        }),
      },
    });
    const intro = await screen.findByTestId('test-intro');
    expect(within(intro).getByTestId('test-window').textContent).toBe('closed since 15 Jan 2026, 17:30');
    expect(within(intro).getByTestId('test-window-closed').textContent).toBe(
      'This test has been closed since 15 Jan 2026, 17:30.',
    );
  });

  it('a review of rightness shows right or wrong and the choice, never which answers are correct', async () => {
    const { user } = renderApp('/mcTest/open?test=5', {
      user: users.student,
      handlers: {
        'GET /api/mc_tests/user/assigned/': () => ({
          body: [assignedDto({ review: { content: 'rightness', when: 'immediately' } })],
        }),
        'POST /api/graduate/startTest/': () => ({ status: 201, body: finishedAt() }),
        'PATCH /api/graduate/stopTest/': () => ({
          body: stopResult({
            result: {
              questions: [
                {
                  id: 1,
                  label: '<p>Was ist 2 + 2?</p>',
                  right: false,
                  points: null,
                  explanation: null,
                  answers: [
                    { id: 11, label: '4', chosen: false, correct: null, explanation: null },
                    { id: 12, label: '5', chosen: true, correct: null, explanation: null },
                  ],
                },
              ],
            },
          }),
        }),
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Test starten' }));
    const result = await screen.findByTestId('test-result');
    const item = within(result).getByTestId('test-review-item');
    expect(item.dataset.right).toBe('false');
    expect(
      within(item)
        .getAllByTestId('test-review-answer')
        .map((a) => a.dataset.correct),
    ).toEqual(['hidden', 'hidden']);
    expect(within(item).queryByText('Richtige Antwort')).toBeNull();
  });

  it('a review after the close says when it comes', async () => {
    const { user } = renderApp('/mcTest/open?test=5', {
      user: users.student,
      handlers: {
        'GET /api/mc_tests/user/assigned/': () => ({
          body: [
            assignedDto({
              closes_at: '2026-06-02T15:00:00.000Z',
              review: { content: 'full', when: 'after_close' },
            }),
          ],
        }),
        'POST /api/graduate/startTest/': () => ({ status: 201, body: finishedAt() }),
        'PATCH /api/graduate/stopTest/': () => ({ body: stopResult() }),
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Test starten' }));
    const result = await screen.findByTestId('test-result');
    expect(within(result).getByTestId('test-result-exam-note').textContent).toBe(
      'Die Auswertung der einzelnen Fragen sehen Sie, sobald der Test geschlossen ist (02.06.2026, 17:00).',
    );
    expect(within(result).queryByTestId('test-review')).toBeNull();
  });
});
