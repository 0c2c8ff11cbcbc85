import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mcTestDto, mcTestItem, paged } from '@/testing/mc-test-fixtures';
import { renderApp, users } from '@/testing/test-utils';

const categories = {
  data: [
    { path: 'Sicherheit', count: 12 },
    { path: 'Sicherheit/Brandschutz', count: 4 },
    { path: 'Recht', count: 1 },
  ],
};

describe('drawn tests in the test editor (issue 37 item 3)', () => {
  it('switches a test to drawn questions, edits its rules from the pool’s categories and shows the server’s refusal', async () => {
    let refuse = true;
    const { user, fetchMock } = renderApp('/mcTest/5/edit', {
      user: users.trainer,
      handlers: {
        'GET /api/mc_tests/5': () => ({ body: mcTestDto() }),
        'GET /api/mc_tests': () => ({ body: paged([mcTestItem()]) }),
        'GET /api/chapters/mcTests/owner': () => ({ body: [] }),
        'GET /api/questions/categories': () => ({ body: categories }),
        'PATCH /api/mc_tests/update': (req) =>
          refuse
            ? {
                status: 422,
                body: {
                  message: 'Die Angaben sind ungültig.',
                  code: 'mc_test.draw_unsatisfiable',
                  errors: {
                    draw_rules: [
                      'Die Kategorie «Sicherheit» hat mit ihren Unterkategorien 12 Fragen im Pool, die Regeln ziehen aber 14 daraus.',
                    ],
                  },
                },
              }
            : { body: mcTestDto(req.json() as object) },
      },
    });
    const form = await screen.findByTestId('mc-test-form');
    const fields = within(form).getByTestId('mc-test-draw-fields');
    expect(within(fields).queryByTestId('mc-test-draw-rules')).toBeNull();
    await user.selectOptions(within(fields).getByLabelText('Fragen'), 'drawn');
    expect(within(fields).getByText(/Noch keine Regeln/)).toBeTruthy();
    await user.click(within(fields).getByRole('button', { name: 'Regel hinzufügen' }));
    await user.click(within(fields).getByRole('button', { name: 'Regel hinzufügen' }));
    await user.click(within(fields).getByRole('button', { name: 'Regel hinzufügen' }));
    const rules = within(fields).getAllByTestId('mc-test-draw-rule');
    expect(rules).toHaveLength(3);
    // the picker names each category with its questions (those below it included), singular and plural
    const picker = within(rules[0]!).getByLabelText('Kategorie (mit ihren Unterkategorien)');
    expect(within(picker).getByRole('option', { name: 'Sicherheit (12 Fragen)' })).toBeTruthy();
    expect(within(picker).getByRole('option', { name: 'Recht (1 Frage)' })).toBeTruthy();
    await user.selectOptions(picker, 'Sicherheit');
    const count0 = within(rules[0]!).getByLabelText('Anzahl zu ziehender Fragen');
    await user.clear(count0);
    await user.type(count0, '10');
    await user.selectOptions(
      within(rules[1]!).getByLabelText('Kategorie (mit ihren Unterkategorien)'),
      'Sicherheit/Brandschutz',
    );
    const count1 = within(rules[1]!).getByLabelText('Anzahl zu ziehender Fragen');
    await user.clear(count1);
    await user.type(count1, '4');
    await user.click(within(rules[2]!).getByRole('button', { name: 'Regel 3 entfernen' }));
    expect(within(fields).getAllByTestId('mc-test-draw-rule')).toHaveLength(2);
    await user.click(
      within(fields).getByLabelText('Jeder Durchlauf stellt die Fragen in eigener Reihenfolge'),
    );
    await user.click(within(form).getByRole('button', { name: 'Speichern' }));
    expect(await within(form).findByText(/ziehen aber 14 daraus/)).toBeTruthy();
    expect(fetchMock.callsTo('PATCH /api/mc_tests/update')[0]!.json()).toMatchObject({
      question_selection: 'drawn',
      draw_rules: [
        { category: 'Sicherheit', count: 10 },
        { category: 'Sicherheit/Brandschutz', count: 4 },
      ],
      shuffle_questions: true,
    });
    refuse = false;
    await user.clear(count0);
    await user.type(count0, '8');
    await user.click(within(form).getByRole('button', { name: 'Speichern' }));
    expect(await screen.findByText('Die Einstellungen wurden gespeichert.')).toBeTruthy();
    expect(fetchMock.callsTo('PATCH /api/mc_tests/update')[1]!.json()).toMatchObject({
      draw_rules: [{ count: 8 }, { count: 4 }],
    });
  }, 30_000);

  it('refuses a rule without a category or with a count out of range before sending, in English too', async () => {
    const { user, fetchMock } = renderApp('/en/mcTest/5/edit', {
      user: users.trainer,
      handlers: {
        'GET /api/mc_tests/5': () => ({
          body: mcTestDto({ question_selection: 'drawn', draw_rules: [{ category: 'Recht', count: 1 }] }),
        }),
        'GET /api/mc_tests': () => ({ body: paged([mcTestItem()]) }),
        'GET /api/chapters/mcTests/owner': () => ({ body: [] }),
        'GET /api/questions/categories': () => ({ body: categories }),
      },
    });
    const form = await screen.findByTestId('mc-test-form');
    const fields = within(form).getByTestId('mc-test-draw-fields');
    const [saved] = await within(fields).findAllByTestId('mc-test-draw-rule');
    expect(
      (within(saved!).getByLabelText('Category (with its sub-categories)') as HTMLSelectElement).value,
    ).toBe('Recht');
    await user.click(within(fields).getByRole('button', { name: 'Add a rule' }));
    const added = within(fields).getAllByTestId('mc-test-draw-rule')[1]!;
    const count = within(added).getByLabelText('Questions to draw');
    await user.clear(count);
    await user.type(count, '0');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(added).findByText('This field is required.')).toBeTruthy();
    expect(within(added).getByText(/at least 1/)).toBeTruthy();
    expect(fetchMock.callsTo('PATCH /api/mc_tests/update')).toHaveLength(0);
  }, 30_000);

  it('an admin editing a trainer’s test picks from that trainer’s pool (the one its runs draw from)', async () => {
    const own = { data: [{ path: 'Admin-Kategorie', count: 3 }] };
    const { user, fetchMock } = renderApp('/mcTest/5/edit', {
      user: users.admin,
      handlers: {
        // the trainer's (id 4) test
        'GET /api/mc_tests/5': () => ({ body: mcTestDto({ question_selection: 'drawn' }) }),
        'GET /api/mc_tests': () => ({ body: paged([mcTestItem()]) }),
        'GET /api/chapters/mcTests/owner': () => ({ body: [] }),
        'GET /api/questions/categories': (req) => ({
          body: req.search === `?owner_id=${users.trainer.id}` ? categories : own,
        }),
      },
    });
    const form = await screen.findByTestId('mc-test-form');
    const fields = within(form).getByTestId('mc-test-draw-fields');
    await user.click(
      await within(fields).findByRole('button', { name: 'Regel hinzufügen' }, { timeout: 10_000 }),
    );
    const picker = within(fields).getByLabelText('Kategorie (mit ihren Unterkategorien)');
    expect(within(picker).getByRole('option', { name: 'Sicherheit (12 Fragen)' })).toBeTruthy();
    expect(within(picker).queryByRole('option', { name: /Admin-Kategorie/ })).toBeNull();
    expect(fetchMock.callsTo('GET /api/questions/categories').map((c) => c.search)).toEqual([
      `?owner_id=${users.trainer.id}`,
    ]);
  }, 30_000);
});
