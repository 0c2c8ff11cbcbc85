import type { UserDto } from '@elearn/shared';
import { EXPLANATION_MAX, exportFileName } from '@elearn/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { bookedAbilities, chapterDto, seminarDto, sideMenuOf } from '@/testing/fixtures';
import {
  assignedDto,
  mcTestDto,
  mcTestItem,
  ownerRow,
  paged,
  questionDto,
  startedRun,
  stopResult,
} from '@/testing/mc-test-fixtures';
import { currentUrl, renderApp, users } from '@/testing/test-utils';
import { mcTestTabs } from './tabs';

const assignedHandler = (list = [assignedDto()]) => ({
  'GET /api/mc_tests/user/assigned/': () => ({ body: list }),
});

async function testTabs(user: UserDto, path = '/mcTest/assigned') {
  renderApp(path, { user, handlers: assignedHandler([]) });
  const nav = await screen.findByRole('navigation', { name: 'Tests' });
  return within(nav)
    .getAllByRole('link')
    .map((link) => [link.textContent, link.getAttribute('href')]);
}

describe('test tabs by role (spec section 2)', () => {
  it('students: assigned and history', async () => {
    expect(await testTabs(users.student)).toEqual([
      ['Zugewiesen', '/mcTest/assigned'],
      ['Verlauf', '/mcTest/history'],
    ]);
  });

  it.each([
    ['trainer', users.trainer],
    ['admin', users.admin],
  ])('%s: index, own, reports, question pool, assigned, history', async (_, user) => {
    expect(await testTabs(user)).toEqual([
      ['Übersicht', '/mcTest'],
      ['Meine Tests', '/mcTest/own'],
      ['Auswertungen', '/mcTest/reports'],
      ['Fragenpool', '/mcTest/QuestionPool'],
      ['Zugewiesen', '/mcTest/assigned'],
      ['Verlauf', '/mcTest/history'],
    ]);
  });

  it('the rule for every role, and nobody without a login', () => {
    const ids = (user: UserDto | null) => mcTestTabs(user).map((tab) => tab.id);
    expect(ids(null)).toEqual([]);
    expect(ids(users.companyUser)).toEqual(['assigned', 'history']);
    expect(ids(users.corporateTraining)).toEqual(['assigned', 'history']);
    expect(ids({ ...users.trainer, companies: users.companyUser.companies })).toEqual([
      'index',
      'own',
      'reports',
      'pool',
      'assigned',
      'history',
    ]);
  });

  it('keeps the /en prefix and marks the current tab', async () => {
    renderApp('/en/mcTest/history', {
      user: users.student,
      handlers: { 'GET /api/graduate/history/student/': () => ({ body: paged([]) }) },
    });
    const nav = await screen.findByRole('navigation', { name: 'Tests' });
    const history = within(nav).getByRole('link', { name: 'History' });
    expect(history.getAttribute('href')).toBe('/en/mcTest/history');
    expect(history.getAttribute('aria-current')).toBe('page');
    expect(await screen.findByTestId('history-empty')).toBeTruthy();
  });

  it('students are sent from /mcTest (the navbar link) to their assigned tests', async () => {
    const { router } = renderApp('/mcTest', { user: users.student, handlers: assignedHandler() });
    await screen.findByRole('heading', { level: 1, name: 'Zugewiesene Tests' });
    expect(currentUrl(router)).toBe('/mcTest/assigned');
  });

  it.each([
    '/mcTest/own',
    '/mcTest/QuestionPool',
    '/mcTest/reports',
    '/mcTest/TestReports',
    '/mcTest/5/edit',
    '/mcTest/5/new',
    '/mcTest/graduate/5',
  ])('a student on the trainer page %s goes to /unauthorized', async (path) => {
    const { router } = renderApp(path, { user: users.student });
    await screen.findByRole('heading', { level: 1, name: 'Keine Berechtigung' });
    expect(currentUrl(router)).toBe('/unauthorized');
  });

  it('a non-numeric test id is not found', async () => {
    renderApp('/mcTest/abc/edit', { user: users.trainer });
    expect(await screen.findByRole('heading', { level: 1, name: 'Seite nicht gefunden' })).toBeTruthy();
  });
});

describe('test player', () => {
  it('a timed run resumes with the saved answers and counts down on the server clock (issue 37)', async () => {
    // the server's clock is 10 minutes behind the browser's: the countdown follows the server
    const serverNow = Date.now() - 10 * 60_000;
    const run = startedRun({
      resumed: true,
      now: new Date(serverNow).toISOString(),
      deadline: new Date(serverNow + 2 * 60_000).toISOString(),
      answers: [{ question_id: 1, answer_ids: [11] }],
    });
    const { user } = renderApp('/mcTest/open?test=5', {
      user: users.student,
      handlers: { ...assignedHandler(), 'POST /api/graduate/startTest/': () => ({ body: run }) },
    });
    await user.click(await screen.findByRole('button', { name: 'Test starten' }));
    const running = await screen.findByTestId('test-run');
    expect((within(running).getByLabelText('4') as HTMLInputElement).checked).toBe(true);
    expect(within(running).getByTestId('test-progress-text').textContent).toBe('1 von 2 Fragen beantwortet');
    expect(within(running).getByTestId('test-countdown').textContent).toMatch(
      /^Verbleibende Zeit: (2:00|1:59)$/,
    );
  });

  it('a timed run whose time is up submits itself without asking', async () => {
    const serverNow = Date.now() + 3 * 60_000;
    const run = startedRun({
      now: new Date(serverNow).toISOString(),
      deadline: new Date(serverNow).toISOString(),
    });
    const { user, fetchMock } = renderApp('/mcTest/open?test=5', {
      user: users.student,
      handlers: {
        ...assignedHandler(),
        'POST /api/graduate/startTest/': () => ({ status: 201, body: run }),
        'PATCH /api/graduate/stopTest/': () => ({ body: stopResult() }),
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Test starten' }));
    expect(await screen.findByTestId('test-result')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(fetchMock.callsTo('PATCH /api/graduate/stopTest/')).toHaveLength(1);
  });

  it('answers every question, asks before submitting and shows an exam result without details', async () => {
    const { user, fetchMock } = renderApp('/mcTest/open?test=5', {
      user: users.student,
      handlers: {
        ...assignedHandler(),
        'POST /api/graduate/startTest/': () => ({ status: 201, body: startedRun() }),
        'PATCH /api/graduate/stopTest/': () => ({ body: stopResult() }),
        // the answers are saved as they are given (issue 37 item 2)
        ...Object.fromEntries(
          [1, 2].map((q) => [
            `PUT /api/graduate/runs/77/answers/${q}`,
            (req: { json(): unknown }) => ({
              body: {
                question_id: q,
                ...(req.json() as object),
                deadline: null,
                now: '2025-03-04T09:00:00.000Z',
              },
            }),
          ]),
        ),
      },
    });
    const intro = await screen.findByTestId('test-intro');
    expect(within(intro).getByRole('heading', { level: 1 }).textContent).toBe('Abschlusstest');
    expect(within(intro).getByTestId('test-runs').textContent).toBe('0 begonnen, noch 1 möglich');
    await user.click(within(intro).getByRole('button', { name: 'Test starten' }));
    expect(fetchMock.callsTo('POST /api/graduate/startTest/')[0]!.json()).toEqual({ id: 5 });

    // question 1 of 2, nothing answered yet
    const run = await screen.findByTestId('test-run');
    const progress = () => within(run).getByTestId('test-progress-text').textContent;
    expect(progress()).toBe('0 von 2 Fragen beantwortet');
    expect(within(run).getByRole('heading', { level: 2 }).textContent).toBe('Frage 1 von 2');
    expect(within(run).getByText('Was ist 2 + 2?')).toBeTruthy();
    expect(within(run).getByTestId('test-prev')).toHaveProperty('disabled', true);
    // navigating is the neutral button, submitting the one primary action (issue 32 item 17)
    for (const id of ['test-prev', 'test-next'])
      expect(within(run).getByTestId(id).className.trim(), id).toBe('button');
    expect(within(run).getByTestId('test-submit').className).toContain('is-primary');
    await user.click(within(run).getByLabelText('4'));
    expect(progress()).toBe('1 von 2 Fragen beantwortet');
    // no correct flag ever reaches the page: the answers are plain checkboxes
    expect(within(run).getAllByTestId('test-answer')).toHaveLength(2);

    // the overview jumps to any question; the second one is worth 3 points
    await user.click(within(run).getByRole('button', { name: 'Frage 2 (offen)' }));
    expect(within(run).getByRole('heading', { level: 2 }).textContent).toContain('Frage 2 von 2');
    expect(within(run).getByTestId('test-question-points').textContent).toBe('Punkte: 3');
    expect(within(run).queryByTestId('test-next')).toBeNull();
    await user.click(within(run).getByLabelText('Rot'));
    await user.click(within(run).getByLabelText('Blau'));
    await user.click(within(run).getByLabelText('Blau'));
    expect(progress()).toBe('2 von 2 Fragen beantwortet');
    // back to the first question: its choice is still there
    await user.click(within(run).getByRole('button', { name: 'Vorherige Frage' }));
    expect((within(run).getByLabelText('4') as HTMLInputElement).checked).toBe(true);

    // submitting asks first; cancel sends nothing
    await user.click(within(run).getByRole('button', { name: 'Test abgeben' }));
    let dialog = await screen.findByRole('dialog', { name: 'Test abgeben?' });
    expect(within(dialog).getByTestId('test-confirm-text').textContent).toBe(
      'Sie haben 2 von 2 Fragen beantwortet. Nach dem Abgeben können Sie nichts mehr ändern.',
    );
    expect(within(dialog).queryByTestId('test-confirm-unanswered')).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Abbrechen' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(fetchMock.callsTo('PATCH /api/graduate/stopTest/')).toHaveLength(0);

    await user.click(within(run).getByRole('button', { name: 'Test abgeben' }));
    dialog = await screen.findByRole('dialog', { name: 'Test abgeben?' });
    await user.click(within(dialog).getByRole('button', { name: 'Jetzt abgeben' }));

    const result = await screen.findByTestId('test-result');
    expect(fetchMock.callsTo('PATCH /api/graduate/stopTest/')[0]!.json()).toEqual({
      resultSet: {
        userGraduateId: 77,
        questions: [
          { questionId: 1, answerIds: [11] },
          { questionId: 2, answerIds: [21] },
        ],
      },
    });
    // the last save of each question holds its final choice; no countdown without a deadline
    const lastSave = (q: number) =>
      fetchMock.callsTo(`PUT /api/graduate/runs/77/answers/${q}`).at(-1)?.json();
    expect(lastSave(1)).toEqual({ answerIds: [11] });
    expect(lastSave(2)).toEqual({ answerIds: [21] });
    expect(screen.queryByTestId('test-countdown')).toBeNull();
    // exam: passed or not and the percent, nothing about single questions
    expect(within(result).getByRole('heading', { level: 1 }).textContent).toBe('Nicht bestanden');
    expect(within(result).getByTestId('test-result-percent').textContent).toBe('25\u00a0%');
    expect(within(result).getByText('Bestehensgrenze: 60 %')).toBeTruthy();
    expect(within(result).getByTestId('test-result-exam-note')).toBeTruthy();
    // an exam result also says how the percent is counted (issue 36 item 4)
    expect(within(result).getByTestId('test-result-weighting').textContent).toMatch(
      /Jede Frage zählt mit ihren Punkten/,
    );
    expect(within(result).queryByTestId('test-review')).toBeNull();
    expect(within(result).queryByRole('button', { name: 'Noch einmal üben' })).toBeNull();
    expect(sessionStorage.getItem('mcTestRun:77')).toBeNull();
    fetchMock.expectAllHandled();
  });

  it('warns about unanswered questions before submitting', async () => {
    const { user } = renderApp('/mcTest/open?test=5', {
      user: users.student,
      handlers: {
        ...assignedHandler(),
        'POST /api/graduate/startTest/': () => ({ status: 201, body: startedRun() }),
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Test starten' }));
    await screen.findByTestId('test-run');
    await user.click(screen.getByRole('button', { name: 'Test abgeben' }));
    const dialog = await screen.findByRole('dialog', { name: 'Test abgeben?' });
    expect(within(dialog).getByTestId('test-confirm-unanswered').textContent).toBe(
      'Offene Fragen: 2. Sie zählen als nicht angekreuzt.',
    );
    // the focus is on "cancel": Enter never submits by accident
    expect(document.activeElement?.textContent).toBe('Abbrechen');
  });

  it('practice: shows per question whether it was right, in English', async () => {
    const practice = startedRun({
      mc_test: { id: 5, label: 'Warm-up', mode: 'practice', percent_to_accomplish: 50 },
    });
    const { user } = renderApp('/en/mcTest/open?test=5', {
      user: users.student,
      handlers: {
        ...assignedHandler([
          assignedDto({ label: 'Warm-up', mode: 'practice', runs_allowed: null, runs_used: 2 }),
        ]),
        'POST /api/graduate/startTest/': () => ({ status: 201, body: practice }),
        'PATCH /api/graduate/stopTest/': () => ({
          body: stopResult({
            mode: 'practice',
            percent_to_accomplish: 50,
            achievedPercent: 75,
            accomp: true,
            result: {
              questions: [
                {
                  id: 1,
                  label: '<p>Was ist 2 + 2?</p>',
                  right: true,
                  points: 3,
                  explanation: '<p>Zwei und zwei sind <strong>vier</strong>.</p>',
                  answers: [
                    { id: 11, label: '4', chosen: true, correct: true, explanation: null },
                    {
                      id: 12,
                      label: '5',
                      chosen: false,
                      correct: false,
                      explanation: '<p>Eins zu viel.</p>',
                    },
                  ],
                },
                {
                  id: 2,
                  label: '<p>Welche sind Farben?</p>',
                  right: false,
                  points: null,
                  explanation: null,
                  answers: [],
                },
              ],
            },
          }),
        }),
      },
    });
    const intro = await screen.findByTestId('test-intro');
    expect(within(intro).getByTestId('test-runs').textContent).toBe('2 started, unlimited');
    await user.click(within(intro).getByRole('button', { name: 'Start the test' }));
    await screen.findByTestId('test-run');
    await user.click(screen.getByRole('button', { name: 'Submit the test' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Submit now' }));
    const result = await screen.findByTestId('test-result');
    expect(within(result).getByRole('heading', { level: 1 }).textContent).toBe('Passed');
    expect(within(result).getByTestId('test-result-percent').textContent).toBe('75%');
    const items = within(result).getAllByTestId('test-review-item');
    expect(items.map((item) => item.getAttribute('data-right'))).toEqual(['true', 'false']);
    expect(items[1]!.textContent).toBe('WrongWelche sind Farben?');
    // the choice, the key and the explanations (issue 36 item 4)
    const answers = within(items[0]!).getAllByTestId('test-review-answer');
    expect(
      answers.map((a) => [a.getAttribute('data-chosen'), a.getAttribute('data-correct'), a.textContent]),
    ).toEqual([
      ['true', 'true', 'tickedcorrect4'],
      ['false', 'false', 'not tickedwrong5Eins zu viel.'],
    ]);
    expect(within(items[0]!).getByTestId('test-review-explanation').textContent).toBe(
      'ExplanationZwei und zwei sind vier.',
    );
    expect(within(items[0]!).getByTestId('test-review-points').textContent).toBe('3 points');
    expect(within(result).getByRole('heading', { level: 2 }).textContent).toBe(
      'Your answers: 1 of 2 questions right',
    );
    // why 75 % beside 1 of 2 (issue 32 item 16)
    expect(within(result).getByTestId('test-result-weighting').textContent).toMatch(/weighted by its points/);
    expect(within(result).getByRole('button', { name: 'Practise again' })).toBeTruthy();
  });

  it('practice: says that questions count by their points, in German (issue 32 item 16)', async () => {
    const practice = startedRun({
      mc_test: { id: 5, label: 'Aufwärmen', mode: 'practice', percent_to_accomplish: 50 },
    });
    const { user } = renderApp('/mcTest/open?test=5', {
      user: users.student,
      handlers: {
        ...assignedHandler([
          assignedDto({ label: 'Aufwärmen', mode: 'practice', runs_allowed: null, runs_used: 0 }),
        ]),
        'POST /api/graduate/startTest/': () => ({ status: 201, body: practice }),
        'PATCH /api/graduate/stopTest/': () => ({
          body: stopResult({
            mode: 'practice',
            percent_to_accomplish: 50,
            achievedPercent: 80,
            accomp: true,
            result: {
              questions: [
                { id: 1, label: '<p>Eins</p>', right: true, points: null, explanation: null, answers: [] },
                { id: 2, label: '<p>Zwei</p>', right: true, points: null, explanation: null, answers: [] },
                { id: 3, label: '<p>Drei</p>', right: false, points: null, explanation: null, answers: [] },
              ],
            },
          }),
        }),
      },
    });
    await user.click(
      within(await screen.findByTestId('test-intro')).getByRole('button', { name: 'Test starten' }),
    );
    await screen.findByTestId('test-run');
    await user.click(screen.getByRole('button', { name: 'Test abgeben' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Jetzt abgeben' }),
    );
    const result = await screen.findByTestId('test-result');
    expect(within(result).getByRole('heading', { level: 2 }).textContent).toBe(
      'Ihre Antworten: 2 von 3 Fragen richtig',
    );
    expect(within(result).getByTestId('test-result-weighting').textContent).toBe(
      'Der Prozentwert zählt Punkte, nicht Fragen: Jede Frage zählt mit ihren Punkten, darum kann er von der Zahl richtiger Fragen abweichen.',
    );
  });

  it('resumes an open run with the choices kept in this session', async () => {
    sessionStorage.setItem('mcTestRun:77', JSON.stringify({ 1: [12], 2: [999] }));
    const { user } = renderApp('/mcTest/open?test=5', {
      user: users.student,
      handlers: {
        ...assignedHandler([assignedDto({ open_run_id: 77, runs_used: 1 })]),
        'POST /api/graduate/startTest/': () => ({ body: startedRun({ resumed: true }) }),
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Fortsetzen' }));
    const run = await screen.findByTestId('test-run');
    expect(within(run).getByText('Ihr begonnener Durchlauf wird fortgesetzt.')).toBeTruthy();
    expect((within(run).getByLabelText('5') as HTMLInputElement).checked).toBe(true);
    // an answer id the run does not have is dropped
    expect(within(run).getByTestId('test-progress-text').textContent).toBe('1 von 2 Fragen beantwortet');
  });

  it('shows why a test cannot be started and the error of a refused start', async () => {
    const { user } = renderApp('/mcTest/open?test=5', {
      user: users.student,
      handlers: {
        ...assignedHandler(),
        'POST /api/graduate/startTest/': () => ({
          status: 409,
          body: { message: 'Es ist kein Durchlauf mehr frei.', code: 'mc_test.attempts_exhausted' },
        }),
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Test starten' }));
    expect((await screen.findByTestId('test-start-error')).textContent).toBe(
      'Es ist kein Durchlauf mehr frei.',
    );
    expect(screen.queryByTestId('test-run')).toBeNull();
  });

  it('without runs left there is no start button', async () => {
    renderApp('/mcTest/open?test=5', {
      user: users.student,
      handlers: assignedHandler([assignedDto({ runs_used: 1, can_start: false })]),
    });
    expect(await screen.findByTestId('test-no-runs-left')).toBeTruthy();
    expect(screen.queryByTestId('test-start')).toBeNull();
  });

  it('a second stop of the same run (another tab) says so and links to the history', async () => {
    const { user } = renderApp('/mcTest/open?test=5', {
      user: users.student,
      handlers: {
        ...assignedHandler(),
        'POST /api/graduate/startTest/': () => ({ status: 201, body: startedRun() }),
        'PATCH /api/graduate/stopTest/': () => ({
          status: 409,
          body: { message: 'Dieser Durchlauf wurde bereits abgegeben.', code: 'mc_test.run_already_stopped' },
        }),
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Test starten' }));
    await user.click(await screen.findByRole('button', { name: 'Test abgeben' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Jetzt abgeben' }),
    );
    expect((await screen.findByTestId('test-stop-error')).textContent).toBe(
      'Dieser Durchlauf wurde bereits abgegeben.',
    );
    expect(screen.getByRole('link', { name: 'Zum Verlauf' }).getAttribute('href')).toBe('/mcTest/history');
    expect(screen.getByTestId('test-submit')).toHaveProperty('disabled', true);
  });
});

describe('open and assigned tests', () => {
  it('/mcTest/open lists only the tests that can be started now', async () => {
    renderApp('/mcTest/open', {
      user: users.student,
      handlers: assignedHandler([
        assignedDto({ id: 5, label: 'Offen' }),
        assignedDto({ id: 6, label: 'Aufgebraucht', can_start: false, runs_used: 1 }),
      ]),
    });
    const list = await screen.findByTestId('open-list');
    const items = within(list).getAllByTestId('assigned-item');
    expect(items.map((item) => item.getAttribute('data-test-id'))).toEqual(['5']);
    expect(within(items[0]!).getByRole('link', { name: 'Starten' }).getAttribute('href')).toBe(
      '/mcTest/open?test=5',
    );
  });

  it('/mcTest/assigned shows every test with its status', async () => {
    renderApp('/mcTest/assigned', {
      user: users.student,
      handlers: assignedHandler([
        assignedDto({ id: 5, label: 'Neu' }),
        assignedDto({ id: 6, label: 'Durchgefallen', can_start: false, runs_used: 1, best_percent: 40 }),
        assignedDto({
          id: 7,
          label: 'Bestanden',
          can_start: false,
          runs_used: 1,
          accomp: true,
          best_percent: 80,
        }),
        assignedDto({ id: 8, label: 'Bestätigt', can_start: false, accomp: true, passed: 1 }),
      ]),
    });
    const items = await screen.findAllByTestId('assigned-item');
    expect(items.map((item) => within(item).getByTestId('assigned-status').textContent)).toEqual([
      'Noch nicht begonnen',
      'Nicht bestanden',
      'Bestanden',
      'Abschluss bestätigt',
    ]);
    expect(within(items[1]!).getByTestId('test-best').textContent).toBe('40\u00a0%');
    expect(within(items[0]!).getByText('Excel')).toBeTruthy();
    expect(screen.getByTestId('assigned-open-link').textContent).toBe('Jetzt möglich: 1');
  });

  it('/todos lists the assigned tests not yet accomplished', async () => {
    renderApp('/todos', {
      user: users.student,
      handlers: {
        'GET /api/todos': () => ({ body: [] }),
        ...assignedHandler([
          assignedDto({ id: 5, label: 'Noch offen' }),
          assignedDto({ id: 7, label: 'Schon bestanden', accomp: true, can_start: false }),
        ]),
      },
    });
    const section = await screen.findByTestId('todo-tests');
    expect(
      within(section)
        .getAllByTestId('assigned-item')
        .map((item) => item.getAttribute('data-test-id')),
    ).toEqual(['5']);
  });
});

describe('question pool editor', () => {
  const poolHandlers = (list = [questionDto({ id: 1 })]) => ({
    'GET /api/questions': () => ({ body: paged(list) }),
    'GET /api/questions/categories': () => ({ body: { data: [] } }),
  });

  it('checks the new question with the shared rules before sending', async () => {
    const { user, fetchMock } = renderApp('/mcTest/QuestionPool', {
      user: users.trainer,
      handlers: poolHandlers([]),
    });
    const form = await screen.findByTestId('question-form');
    // the pool is empty: the form is open
    expect(await screen.findByTestId('pool-empty')).toBeTruthy();
    fireEvent.change(within(form).getByLabelText('Punkte (optional)'), { target: { value: '0' } });
    await user.click(within(form).getByRole('button', { name: 'Frage speichern' }));
    await waitFor(() => expect(within(form).getAllByText('Dieses Feld ist erforderlich.')).toHaveLength(3));
    expect(within(form).getByText('Muss mindestens 1 sein.')).toBeTruthy();
    expect(within(form).getByTestId('question-no-correct')).toBeTruthy();

    fireEvent.change(within(form).getByLabelText('Punkte (optional)'), { target: { value: '2.5' } });
    await user.click(within(form).getByRole('button', { name: 'Frage speichern' }));
    expect(await within(form).findByText('Muss eine ganze Zahl sein.')).toBeTruthy();
    expect(fetchMock.callsTo('POST /api/questions')).toHaveLength(0);
  });

  it('creates a question with answers and correct marks', async () => {
    const { user, fetchMock } = renderApp('/mcTest/QuestionPool', {
      user: users.trainer,
      handlers: {
        ...poolHandlers([]),
        'POST /api/questions': () => ({ status: 201, body: questionDto({ id: 9 }) }),
      },
    });
    const form = await screen.findByTestId('question-form');
    const area = await within(form).findByRole('textbox', { name: 'Frage' });
    area.innerHTML = '<p>Hauptstadt der Schweiz?</p>';
    fireEvent.input(area);
    fireEvent.change(within(form).getByLabelText('Punkte (optional)'), { target: { value: '3' } });
    await user.type(within(form).getByLabelText('Antwort 1'), 'Bern');
    await user.click(within(form).getAllByLabelText('richtig')[0]!);
    await user.type(within(form).getByLabelText('Antwort 2'), 'Zürich');
    await user.click(within(form).getByRole('button', { name: 'Antwort hinzufügen' }));
    await user.type(within(form).getByLabelText('Antwort 3'), 'Genf');
    await user.click(within(form).getByRole('button', { name: 'Entfernen: Antwort 3' }));
    expect(within(form).queryByTestId('question-no-correct')).toBeNull();
    // explanations of the question and of an answer (issue 36 item 4)
    const explained = await within(form).findByRole('textbox', { name: 'Erklärung zur Frage (optional)' });
    explained.innerHTML = '<p>Bern ist die Bundesstadt.</p>';
    fireEvent.input(explained);
    const second = await within(form).findByRole('textbox', { name: 'Erklärung zu Antwort 2 (optional)' });
    second.innerHTML = '<p>Zürich ist nur die grösste Stadt.</p>';
    fireEvent.input(second);
    await user.click(within(form).getByRole('button', { name: 'Frage speichern' }));
    await within(form).findByText('Die Frage wurde gespeichert.');
    expect(fetchMock.callsTo('POST /api/questions')[0]!.json()).toEqual({
      label: '<p>Hauptstadt der Schweiz?</p>',
      points: 3,
      explanation: '<p>Bern ist die Bundesstadt.</p>',
      category: null,
      answers: [
        { label: 'Bern', correct: true, explanation: null },
        { label: 'Zürich', correct: false, explanation: '<p>Zürich ist nur die grösste Stadt.</p>' },
      ],
    });
    // the form is empty again for the next question
    expect((within(form).getByLabelText('Antwort 1') as HTMLInputElement).value).toBe('');
  });

  it('edits answers in place: the correct mark at once, the text with save, delete after asking', async () => {
    const question = questionDto({
      id: 1,
      points: 2,
      answers: [
        { id: 11, question_id: 1, label: 'Bern', correct: true, position: 0, explanation: null },
        { id: 12, question_id: 1, label: 'Zürich', correct: false, position: 1, explanation: null },
      ],
      mc_tests: [{ id: 5, label: 'Abschlusstest' }],
    });
    const { user, fetchMock } = renderApp('/mcTest/QuestionPool', {
      user: users.trainer,
      handlers: {
        ...poolHandlers([question]),
        'PATCH /api/answers': (req) => ({ body: { ...question.answers[1]!, ...(req.json() as object) } }),
        'DELETE /api/answers/12': () => ({ status: 204 }),
        'DELETE /api/questions/1': () => ({ status: 204 }),
      },
    });
    const item = await screen.findByTestId('pool-question');
    expect(within(item).getByTestId('pool-question-points-tag').textContent).toBe('Punkte: 2');
    expect(within(item).getByTestId('pool-question-correct-count').textContent).toBe(
      '1 von 2 Antworten richtig',
    );
    const [, second] = within(item).getAllByTestId('pool-answer');

    await user.click(within(second!).getByLabelText('richtig'));
    await waitFor(() => expect(fetchMock.callsTo('PATCH /api/answers')).toHaveLength(1));
    expect(fetchMock.callsTo('PATCH /api/answers')[0]!.json()).toEqual({ id: 12, correct: true });

    // an empty answer text is refused before sending
    const input = within(second!).getByLabelText('Antwort 2');
    await user.clear(input);
    await user.click(within(second!).getByRole('button', { name: 'Speichern' }));
    expect(await within(second!).findByText('Dieses Feld ist erforderlich.')).toBeTruthy();
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(fetchMock.callsTo('PATCH /api/answers')).toHaveLength(1);
    await user.type(input, 'Genf');
    await user.click(within(second!).getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(fetchMock.callsTo('PATCH /api/answers')).toHaveLength(2));
    expect(fetchMock.callsTo('PATCH /api/answers')[1]!.json()).toEqual({ id: 12, label: 'Genf' });

    await user.click(within(second!).getByRole('button', { name: 'Löschen: Antwort 2' }));
    let dialog = await screen.findByRole('dialog', { name: 'Antwort löschen?' });
    await user.click(within(dialog).getByRole('button', { name: 'Abbrechen' }));
    expect(fetchMock.callsTo('DELETE /api/answers/12')).toHaveLength(0);
    await user.click(within(second!).getByRole('button', { name: 'Löschen: Antwort 2' }));
    dialog = await screen.findByRole('dialog', { name: 'Antwort löschen?' });
    await user.click(within(dialog).getByRole('button', { name: 'Löschen' }));
    await waitFor(() => expect(fetchMock.callsTo('DELETE /api/answers/12')).toHaveLength(1));

    // deleting the question names the tests it is removed from
    await user.click(within(item).getByRole('button', { name: 'Löschen: Frage «Frage 1»' }));
    dialog = await screen.findByRole('dialog', { name: 'Frage löschen?' });
    expect(within(dialog).getByTestId('pool-question-in-tests').textContent).toContain('Abschlusstest');
    await user.click(within(dialog).getByRole('button', { name: 'Löschen' }));
    await waitFor(() => expect(fetchMock.callsTo('DELETE /api/questions/1')).toHaveLength(1));
  });

  it('shows a question’s explanation and saves an answer’s explanation, refusing one too long (issue 36 item 4)', async () => {
    const question = questionDto({
      id: 1,
      explanation: '<p>Bern ist die <strong>Bundesstadt</strong>.</p>',
      answers: [
        { id: 11, question_id: 1, label: 'Bern', correct: true, position: 0, explanation: null },
        { id: 12, question_id: 1, label: 'Zürich', correct: false, position: 1, explanation: null },
      ],
    });
    const { fetchMock } = renderApp('/mcTest/QuestionPool', {
      user: users.trainer,
      handlers: {
        ...poolHandlers([question]),
        'PATCH /api/answers': (req) => ({ body: { ...question.answers[1]!, ...(req.json() as object) } }),
      },
    });
    const item = await screen.findByTestId('pool-question');
    expect(within(item).getByTestId('pool-question-explanation-text').textContent).toBe(
      'Bern ist die Bundesstadt.',
    );
    const [, second] = within(item).getAllByTestId('pool-answer');
    const area = await within(second!).findByRole('textbox', { name: 'Erklärung zu Antwort 2 (optional)' });
    const save = within(second!).getByRole('button', { name: 'Erklärung zu Antwort 2 speichern' });
    area.innerHTML = `<p>${'a'.repeat(EXPLANATION_MAX)}</p>`;
    fireEvent.input(area);
    fireEvent.click(save);
    expect(
      await within(second!).findByText(`Darf höchstens ${EXPLANATION_MAX} Zeichen lang sein.`),
    ).toBeTruthy();
    expect(fetchMock.callsTo('PATCH /api/answers')).toHaveLength(0);
    area.innerHTML = '<p>Nur die grösste Stadt.</p>';
    fireEvent.input(area);
    fireEvent.click(save);
    await waitFor(() => expect(fetchMock.callsTo('PATCH /api/answers')).toHaveLength(1));
    expect(fetchMock.callsTo('PATCH /api/answers')[0]!.json()).toEqual({
      id: 12,
      explanation: '<p>Nur die grösste Stadt.</p>',
    });
  });

  it('adds an answer and searches the pool through the URL', async () => {
    const { user, fetchMock, router } = renderApp('/mcTest/QuestionPool', {
      user: users.trainer,
      handlers: {
        ...poolHandlers(),
        'POST /api/answers/new': () => ({
          status: 201,
          body: { id: 30, question_id: 1, label: 'Neu', correct: true, position: 0 },
        }),
      },
    });
    const item = await screen.findByTestId('pool-question');
    const add = within(item).getByTestId('pool-new-answer');
    await user.click(within(add).getByRole('button', { name: 'Antwort hinzufügen' }));
    expect(await within(add).findByText('Dieses Feld ist erforderlich.')).toBeTruthy();
    await user.type(within(add).getByLabelText('Neue Antwort'), 'Neu');
    await user.click(within(add).getByLabelText('richtig'));
    await user.click(within(add).getByRole('button', { name: 'Antwort hinzufügen' }));
    await waitFor(() => expect(fetchMock.callsTo('POST /api/answers/new')).toHaveLength(1));
    expect(fetchMock.callsTo('POST /api/answers/new')[0]!.json()).toEqual({
      question_id: 1,
      label: 'Neu',
      correct: true,
    });

    await user.type(screen.getByTestId('pool-search-input'), 'Bern');
    await user.click(screen.getByTestId('pool-search-submit'));
    await waitFor(() => expect(currentUrl(router)).toBe('/mcTest/QuestionPool?q=Bern'));
    await waitFor(() =>
      expect(fetchMock.callsTo('GET /api/questions').at(-1)!.search).toBe('?page=1&q=Bern&per_page=10'),
    );
  });
});

describe('owner pages', () => {
  it('the editor attaches pool questions and a chapter', async () => {
    let test = mcTestDto({ id: 5, questions: [questionDto({ id: 1, points: 3 })] });
    const { user, fetchMock } = renderApp('/mcTest/5/edit', {
      user: users.trainer,
      handlers: {
        'GET /api/mc_tests/5': () => ({ body: test }),
        'GET /api/mc_tests': () => ({ body: paged([mcTestItem()]) }),
        'GET /api/chapters/mcTests/owner': () => ({
          body: [
            {
              id: 10,
              label: 'Grundlagen',
              chapter_id: null,
              unlocked: 1,
              position: 0,
              seminar: { id: 1, title: 'Excel', slug: 'excel' },
              mc_tests: [],
            },
          ],
        }),
        'GET /api/questions': () => ({ body: paged([questionDto({ id: 2 }), questionDto({ id: 3 })]) }),
        'PATCH /api/questions/%7Bquestion%7D/attach': () => {
          test = { ...test, questions: [...test.questions, questionDto({ id: 3 })] };
          return { body: test };
        },
        'PATCH /api/chapters/add/test/': () => {
          test = {
            ...test,
            chapter_id: 10,
            chapter: {
              id: 10,
              label: 'Grundlagen',
              chapter_id: null,
              unlocked: 1,
              seminar: { id: 1, title: 'Excel', slug: 'excel' },
            },
          };
          return { body: test };
        },
      },
    });
    const editor = await screen.findByTestId('mc-test-editor');
    expect(within(editor).getByTestId('test-questions-weight').textContent).toBe(
      'Gesamtgewicht: 3 Punkte (Fragen ohne Punkte zählen 1).',
    );
    await user.click(within(editor).getByRole('button', { name: 'Aus dem Fragenpool hinzufügen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Fragen aus dem Pool hinzufügen' });
    await user.click(await within(dialog).findByLabelText('Frage 3'));
    await user.click(within(dialog).getByRole('button', { name: 'Ausgewählte hinzufügen (1)' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(fetchMock.callsTo('PATCH /api/questions/%7Bquestion%7D/attach')[0]!.json()).toEqual({
      mcTestId: 5,
      questions: [3],
    });
    expect(fetchMock.callsTo('GET /api/questions')[0]!.search).toContain('exclude_mc_test_id=5');
    await waitFor(() => expect(within(editor).getAllByTestId('test-question-item')).toHaveLength(2));

    const select = await within(editor).findByLabelText('Kapitel wählen');
    await waitFor(() => expect(select).toHaveProperty('disabled', false));
    await user.selectOptions(select, '10');
    await user.click(within(editor).getByRole('button', { name: 'Zuordnen' }));
    await waitFor(() =>
      expect(within(editor).getByTestId('chapter-attach-current').textContent).toContain(
        'Excel › Grundlagen',
      ),
    );
    expect(fetchMock.callsTo('PATCH /api/chapters/add/test/')[0]!.json()).toEqual({
      mcTestChapter: { mcTestId: 5, chapterId: 10 },
    });
  });

  it('the editor checks and saves label, threshold and mode', async () => {
    const { user, fetchMock } = renderApp('/mcTest/5/edit', {
      user: users.trainer,
      handlers: {
        'GET /api/mc_tests/5': () => ({ body: mcTestDto() }),
        'GET /api/mc_tests': () => ({ body: paged([mcTestItem()]) }),
        'GET /api/chapters/mcTests/owner': () => ({ body: [] }),
        'PATCH /api/mc_tests/update': (req) => ({
          body: mcTestDto({ ...(req.json() as object), updated_at: '2025-03-05T10:00:00.000Z' }),
        }),
      },
    });
    const form = await screen.findByTestId('mc-test-form');
    const threshold = within(form).getByLabelText('Bestehensgrenze in Prozent');
    await user.clear(threshold);
    await user.type(threshold, '101');
    await user.click(within(form).getByRole('button', { name: 'Speichern' }));
    expect(await within(form).findByText('Darf höchstens 100 sein.')).toBeTruthy();
    expect(fetchMock.callsTo('PATCH /api/mc_tests/update')).toHaveLength(0);

    await user.clear(threshold);
    await user.type(threshold, '70');
    // the time limit (issue 37): 1 to 600 minutes, empty for none
    const limit = within(form).getByLabelText('Zeitlimit (Minuten)');
    await user.type(limit, '601');
    await user.click(within(form).getByRole('button', { name: 'Speichern' }));
    expect(await within(form).findByText('Darf höchstens 600 sein.')).toBeTruthy();
    expect(fetchMock.callsTo('PATCH /api/mc_tests/update')).toHaveLength(0);
    await user.clear(limit);
    await user.type(limit, '45');
    await user.selectOptions(within(form).getByLabelText('Modus'), 'practice');
    await user.click(within(form).getByRole('button', { name: 'Speichern' }));
    expect(await screen.findByText('Die Einstellungen wurden gespeichert.')).toBeTruthy();
    expect(fetchMock.callsTo('PATCH /api/mc_tests/update')[0]!.json()).toEqual({
      id: 5,
      label: 'Abschlusstest',
      percent_to_accomplish: 70,
      mode: 'practice',
      time_limit_minutes: 45,
      // no window, the mode's review (issue 37 items 4 and 5)
      opens_at: null,
      closes_at: null,
      review_content: null,
      review_when: null,
      // fixed questions in their order (issue 37 item 3)
      question_selection: 'fixed',
      shuffle_questions: false,
      draw_rules: [],
    });
    // the editor has no chapters to offer yet: it says so
    expect(await screen.findByTestId('chapter-attach-empty')).toBeTruthy();
  });

  it('graduates: confirm an accomplished run, grant another exam run after asking', async () => {
    let row = ownerRow();
    const { user, fetchMock } = renderApp('/mcTest/graduate/5', {
      user: users.trainer,
      handlers: {
        'GET /api/mc_tests/5': () => ({ body: mcTestDto() }),
        'GET /api/mc_tests': () => ({ body: paged([mcTestItem()]) }),
        'GET /api/graduate/history/owner/': () => ({
          body: paged([
            row,
            ownerRow({
              user_graduate_id: 78,
              user_id: 2,
              firstName: 'Max',
              accomp: false,
              achievedPercent: 20,
            }),
          ]),
        }),
        'PATCH /api/graduate/confirm': (req) => {
          row = { ...row, passed: (req.json() as { passed: 0 | 1 }).passed };
          return { body: row };
        },
        'POST /api/mc_tests/5/grant-run': () => ({
          body: { mc_test_id: 5, user_id: 2, runs_used: 1, runs_allowed: 2 },
        }),
      },
    });
    const rows = await screen.findAllByTestId('graduate-row');
    expect(fetchMock.callsTo('GET /api/graduate/history/owner/')[0]!.search).toContain('mc_test_id=5');
    // only the accomplished run can be confirmed
    expect(within(rows[1]!).queryByTestId('graduate-confirm')).toBeNull();
    await user.click(
      within(rows[0]!).getByRole('button', { name: 'Bestätigen: Abschluss von Stefanie Student' }),
    );
    await waitFor(() =>
      expect(screen.getAllByTestId('graduate-row')[0]!.textContent).toContain('Abschluss bestätigt'),
    );
    expect(fetchMock.callsTo('PATCH /api/graduate/confirm')[0]!.json()).toEqual({
      userGraduateId: 77,
      passed: 1,
    });
    // the name starts with the visible text (WCAG 2.5.3)
    await user.click(
      within(screen.getAllByTestId('graduate-row')[0]!).getByRole('button', {
        name: 'Rückgängig: Bestätigung für Stefanie Student',
      }),
    );
    await waitFor(() =>
      expect(fetchMock.callsTo('PATCH /api/graduate/confirm')[1]!.json()).toEqual({
        userGraduateId: 77,
        passed: 0,
      }),
    );

    await user.click(within(screen.getAllByTestId('graduate-row')[1]!).getByTestId('graduate-grant'));
    const dialog = await screen.findByRole('dialog', { name: 'Weiteren Durchlauf gewähren?' });
    await user.click(within(dialog).getByRole('button', { name: 'Weiteren Durchlauf gewähren' }));
    await waitFor(() => expect(fetchMock.callsTo('POST /api/mc_tests/5/grant-run')).toHaveLength(1));
    expect(fetchMock.callsTo('POST /api/mc_tests/5/grant-run')[0]!.json()).toEqual({ userId: 2 });
    expect(
      await screen.findByText('Max Student kann die Prüfung wieder machen (noch 1 Durchlauf).'),
    ).toBeTruthy();
  });

  it('the report draws the score distribution and the per-question rates', async () => {
    renderApp('/mcTest/TestReports?test=5', {
      user: users.trainer,
      handlers: {
        'GET /api/mc_tests': () => ({ body: paged([mcTestItem()]) }),
        'GET /api/mc_tests/5/report': () => ({
          body: {
            mc_test: mcTestItem(),
            runs: 4,
            finished: 3,
            accomplished: 2,
            pass_rate: 66.67,
            average_percent: 70,
            distribution: [0, 0, 0, 0, 1, 0, 0, 0, 1, 0, 1],
            questions: [{ question_id: 1, label: '<p>Frage 1</p>', answered: 3, right: 2, rate: 66.67 }],
          },
        }),
      },
    });
    const report = await screen.findByTestId('test-report');
    expect(within(report).getByRole('heading', { level: 1 }).textContent).toBe('Auswertung: Abschlusstest');
    expect(within(report).getByTestId('report-passRate').textContent).toBe('66,67\u00a0%');
    const chart = within(report).getByRole('img', { name: /Anzahl Durchläufe pro Ergebnisbereich/ });
    expect(chart.tagName.toLowerCase()).toBe('svg');
    expect(
      within(report)
        .getAllByTestId('score-bar')
        .map((bar) => bar.getAttribute('data-count')),
    ).toEqual(['0', '0', '0', '0', '1', '0', '0', '0', '1', '0', '1']);
    expect(within(report).getByTestId('report-question-rate').textContent).toBe('66,67\u00a0%');
    expect(within(report).getByRole('button', { name: 'Ergebnisse als Excel herunterladen' })).toBeTruthy();
  });
});

describe('tests on the chapter play page', () => {
  const tree = [chapterDto({ id: 10, label: 'Grundlagen' })];
  const handlers = {
    'GET /api/seminars/1': () => ({ body: seminarDto({ id: 1, abilities: bookedAbilities }) }),
    'GET /api/chapters': () => ({ body: sideMenuOf(tree) }),
    'GET /api/chapters/seminar-booked/1': () => ({ body: tree }),
  };

  it('students see the tests of the chapter with their status and a start button', async () => {
    renderApp('/seminar/id/1/chapter/10/play', {
      user: users.student,
      handlers: { ...handlers, 'GET /api/mc_tests/chapter/10': () => ({ body: [assignedDto()] }) },
    });
    const section = await screen.findByTestId('chapter-tests');
    expect(within(section).getByRole('heading', { level: 2 }).textContent).toBe(
      'Tests zu diesem Kapitel (1)',
    );
    const item = within(section).getByTestId('chapter-test');
    expect(within(item).getByTestId('assigned-status').textContent).toBe('Noch nicht begonnen');
    expect(within(item).getByRole('link', { name: 'Starten' }).getAttribute('href')).toBe(
      '/mcTest/open?test=5',
    );
  });

  it('a chapter without tests shows nothing to students', async () => {
    const { fetchMock } = renderApp('/seminar/id/1/chapter/10/play', {
      user: users.student,
      handlers: { ...handlers, 'GET /api/mc_tests/chapter/10': () => ({ body: [] }) },
    });
    await screen.findByTestId('chapter-player');
    await waitFor(() => expect(fetchMock.callsTo('GET /api/mc_tests/chapter/10')).toHaveLength(1));
    expect(screen.queryByTestId('chapter-tests')).toBeNull();
    expect(screen.queryByTestId('chapter-tests-none')).toBeNull();
  });
});

describe('export file name', () => {
  it('is <label>_<UTC timestamp>.xlsx with unsafe characters replaced, like the server names it', () => {
    const at = new Date('2025-03-04T10:05:06.789Z');
    expect(exportFileName('Abschlusstest Excel', at)).toBe('Abschlusstest Excel_20250304-100506.xlsx');
    expect(exportFileName('Prüfung: Teil 1/2', at)).toBe('Prüfung_ Teil 1_2_20250304-100506.xlsx');
    expect(exportFileName('***', at)).toBe('test_20250304-100506.xlsx');
  });
});
