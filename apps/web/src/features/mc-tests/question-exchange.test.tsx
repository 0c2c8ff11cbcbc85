import type { QuestionImportPreview } from '@elearn/shared';
import { encodeMessage } from '@elearn/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { paged, questionDto } from '@/testing/mc-test-fixtures';
import { renderApp, users } from '@/testing/test-utils';

/** Issue 37 items 3 and 6: categories in the pool, import of Moodle XML and GIFT, export links. */
const preview: QuestionImportPreview = {
  format: 'gift',
  questions: [
    {
      position: 1,
      name: 'Notruf',
      type: 'truefalse',
      label: '<p>Die Notrufnummer ist 144.</p>',
      points: null,
      explanation: null,
      category: 'Sicherheit/Erste Hilfe',
      answers: [
        { label: 'Wahr', correct: true, explanation: null },
        { label: 'Falsch', correct: false, explanation: null },
      ],
      notes: [encodeMessage('question_import.note_files')],
    },
  ],
  skipped: [
    {
      position: 2,
      name: 'Aufsatz',
      type: 'essay',
      reason: encodeMessage('question_import.skip_type', { type: 'essay' }),
    },
  ],
};

const file = () =>
  new File(['::Notruf:: Die Notrufnummer ist 144.{T}'], 'fragen.gift.txt', { type: 'text/plain' });

describe('question pool: categories', () => {
  it('filters by ?category=, shows each question category as links to its levels', async () => {
    const { user, fetchMock } = renderApp('/mcTest/QuestionPool?category=Sicherheit', {
      user: users.trainer,
      handlers: {
        'GET /api/questions': () => ({
          body: paged([questionDto({ id: 1, category: 'Sicherheit/Brandschutz' })]),
        }),
        'GET /api/questions/categories': () => ({
          body: {
            data: [
              { path: 'Sicherheit', count: 3 },
              { path: 'Sicherheit/Brandschutz', count: 2 },
              { path: 'Technik', count: 1 },
            ],
          },
        }),
      },
    });
    const tag = await screen.findByTestId('pool-question-category-tag');
    const links = within(tag).getAllByTestId('pool-category-link');
    expect(links.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Sicherheit', '/mcTest/QuestionPool?category=Sicherheit'],
      ['Brandschutz', '/mcTest/QuestionPool?category=Sicherheit%2FBrandschutz'],
    ]);
    expect(new URLSearchParams(fetchMock.callsTo('GET /api/questions')[0]!.search).get('category')).toBe(
      'Sicherheit',
    );
    // the export follows the filter
    expect(screen.getByTestId('pool-export-xml').getAttribute('href')).toBe(
      '/api/questions/export?format=moodle-xml&category=Sicherheit',
    );
    expect(screen.getByTestId('pool-export-gift').getAttribute('href')).toBe(
      '/api/questions/export?format=gift&category=Sicherheit',
    );
    // the filter lists the pool's categories as a tree of paths with counts
    const select = (await screen.findByTestId('pool-category-select')) as HTMLSelectElement;
    await waitFor(() => expect(select.options.length).toBe(4));
    expect([...select.options].map((o) => [o.value, o.textContent])).toEqual([
      ['', 'Alle Kategorien'],
      ['Sicherheit', 'Sicherheit (3)'],
      ['Sicherheit/Brandschutz', '\u00a0\u00a0Brandschutz (2)'],
      ['Technik', 'Technik (1)'],
    ]);
    expect(select.value).toBe('Sicherheit');
    await user.selectOptions(select, 'Sicherheit/Brandschutz');
    await waitFor(() =>
      expect(
        fetchMock
          .callsTo('GET /api/questions')
          .some((c) => new URLSearchParams(c.search).get('category') === 'Sicherheit/Brandschutz'),
      ).toBe(true),
    );
  });

  it('sends the category of a new question and shows the server refusal in the field', async () => {
    const { user, fetchMock } = renderApp('/mcTest/QuestionPool', {
      user: users.trainer,
      handlers: {
        'GET /api/questions': () => ({ body: paged([]) }),
        'POST /api/questions': () => ({ status: 201, body: questionDto({ id: 9, category: 'A/B' }) }),
      },
    });
    const form = await screen.findByTestId('question-form');
    const area = await within(form).findByRole('textbox', { name: 'Frage' });
    area.innerHTML = '<p>Frage?</p>';
    fireEvent.input(area);
    await user.type(within(form).getByLabelText('Antwort 1'), 'Ja');
    await user.click(within(form).getAllByLabelText('richtig')[0]!);
    await user.click(within(form).getByRole('button', { name: 'Entfernen: Antwort 2' }));
    // an empty level is refused before sending, in German
    await user.type(within(form).getByTestId('question-category'), 'A//B');
    await user.click(within(form).getByRole('button', { name: 'Frage speichern' }));
    expect(await within(form).findByText(/Ungültige Kategorie/)).toBeTruthy();
    expect(fetchMock.callsTo('POST /api/questions')).toHaveLength(0);
    await user.clear(within(form).getByTestId('question-category'));
    await user.type(within(form).getByTestId('question-category'), ' A / B ');
    await user.click(within(form).getByRole('button', { name: 'Frage speichern' }));
    await within(form).findByText('Die Frage wurde gespeichert.');
    expect(fetchMock.callsTo('POST /api/questions')[0]!.json()).toMatchObject({ category: 'A/B' });
  });
});

describe('question pool: import and export', () => {
  it('previews the chosen file (created and skipped, with notes), then imports it on confirmation', async () => {
    const { user, fetchMock } = renderApp('/mcTest/QuestionPool', {
      user: users.trainer,
      handlers: {
        'GET /api/questions': () => ({ body: paged([]) }),
        'POST /api/questions/import/preview': () => ({ body: preview }),
        'POST /api/questions/import': () => ({
          status: 201,
          body: { format: 'gift', created: 1, question_ids: [5], skipped: preview.skipped },
        }),
      },
    });
    await user.click(await screen.findByTestId('pool-import-open'));
    const dialog = await screen.findByRole('dialog', { name: 'Fragen aus Moodle importieren' });
    expect(within(dialog).getByTestId('import-confirm')).toHaveProperty('disabled', true);
    await user.upload(within(dialog).getByLabelText('Datei'), file());
    const list = await within(dialog).findByTestId('import-preview');
    expect(within(list).getByTestId('import-preview-summary').textContent).toBe(
      '1 Frage wird angelegt, 1 übersprungen.',
    );
    expect(within(list).getByTestId('import-preview-question').textContent).toContain(
      'Die Notrufnummer ist 144.',
    );
    expect(within(list).getByTestId('import-preview-question').textContent).toContain(
      'Sicherheit/Erste Hilfe',
    );
    expect(within(list).getByText('Eingebettete Dateien werden nicht übernommen.')).toBeTruthy();
    expect(within(list).getByTestId('import-preview-skipped-item').textContent).toBe(
      'Nr. 2 (Aufsatz): Fragetyp «essay» wird nicht unterstützt.',
    );
    const sent = fetchMock.callsTo('POST /api/questions/import/preview')[0]!.body as FormData;
    expect((sent.get('file') as File).name).toBe('fragen.gift.txt');
    expect(fetchMock.callsTo('POST /api/questions/import')).toHaveLength(0);

    await user.click(within(dialog).getByRole('button', { name: '1 Frage importieren' }));
    expect(await screen.findByText('1 Frage wurde importiert.')).toBeTruthy();
    expect(fetchMock.callsTo('POST /api/questions/import')).toHaveLength(1);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('shows the server refusal of a malformed file and allows no import', async () => {
    renderApp('/en/mcTest/QuestionPool', {
      user: users.trainer,
      handlers: {
        'GET /api/questions': () => ({ body: paged([]) }),
        'POST /api/questions/import/preview': () => ({
          status: 422,
          body: {
            code: 'validation_failed',
            message: 'The given data was invalid.',
            errors: {
              file: ['The file cannot be read (line 3, column 12): the answers ({…}) are not closed'],
            },
          },
        }),
      },
    });
    const { user } = { user: (await import('@testing-library/user-event')).default.setup() };
    await user.click(await screen.findByTestId('pool-import-open'));
    const dialog = await screen.findByRole('dialog', { name: 'Import questions from Moodle' });
    await user.upload(within(dialog).getByLabelText('File'), file());
    expect((await within(dialog).findByTestId('import-error')).textContent).toContain('line 3, column 12');
    expect(within(dialog).getByTestId('import-confirm')).toHaveProperty('disabled', true);
  });

  it('refuses a file over the limit before sending it', async () => {
    const { user, fetchMock } = renderApp('/mcTest/QuestionPool', {
      user: users.trainer,
      handlers: { 'GET /api/questions': () => ({ body: paged([]) }) },
    });
    await user.click(await screen.findByTestId('pool-import-open'));
    const dialog = await screen.findByRole('dialog');
    const big = new File(['x'], 'gross.xml', { type: 'application/xml' });
    Object.defineProperty(big, 'size', { value: 11 * 1024 * 1024 });
    await user.upload(within(dialog).getByLabelText('Datei'), big);
    expect((await within(dialog).findByTestId('import-error')).textContent).toBe(
      'Die Datei darf höchstens 10 MB gross sein.',
    );
    expect(fetchMock.callsTo('POST /api/questions/import/preview')).toHaveLength(0);
  });
});
