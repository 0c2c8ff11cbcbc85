import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { chapterDto, ownerAbilities, seminarDto, seminarProgress, sideMenuOf } from '@/testing/fixtures';
import { renderApp, users } from '@/testing/test-utils';

/** Drip (issue 36 item 5): the owner's "Verfügbar N Tage nach Buchung" in the chapter form. */
const tree = [
  chapterDto({ id: 10, label: 'Einführung', position: 0, available_after_days: 3 }),
  chapterDto({ id: 20, label: 'Formeln', position: 1 }),
];
const handlers = {
  'GET /api/seminars/1': () => ({ body: seminarDto({ id: 1, title: 'Excel', abilities: ownerAbilities }) }),
  'GET /api/chapters': () => ({ body: sideMenuOf(tree) }),
  'GET /api/chapters/seminar/1': () => ({ body: tree }),
  'GET /api/mc_tests/chapter/10': () => ({ body: [] }),
  'GET /api/mc_tests/chapter/20': () => ({ body: [] }),
  'GET /api/progress/seminars/1': () => ({ body: seminarProgress(1) }),
};

describe('drip days in the chapter form', () => {
  it('shows the saved days, sends a change, and an emptied field as null', async () => {
    const { user, fetchMock } = renderApp('/seminar/id/1/chapter/10', {
      user: users.trainer,
      handlers: { ...handlers, 'PATCH /api/chapters/update': () => ({ body: tree[0] }) },
    });
    const field = (await screen.findByLabelText('Verfügbar N Tage nach Buchung')) as HTMLInputElement;
    await waitFor(() => expect(field.value).toBe('3'));
    await user.clear(field);
    await user.type(field, '14');
    await user.click(screen.getByTestId('chapter-submit'));
    await waitFor(() => expect(fetchMock.callsTo('PATCH /api/chapters/update')).toHaveLength(1));
    expect(fetchMock.callsTo('PATCH /api/chapters/update')[0]!.json()).toMatchObject({
      id: 10,
      available_after_days: 14,
    });
    await user.clear(field);
    await user.click(screen.getByTestId('chapter-submit'));
    await waitFor(() => expect(fetchMock.callsTo('PATCH /api/chapters/update')).toHaveLength(2));
    expect(fetchMock.callsTo('PATCH /api/chapters/update')[1]!.json()).toMatchObject({
      available_after_days: null,
    });
  });

  it('refuses more than 3650 days before sending', async () => {
    const { user, fetchMock } = renderApp('/seminar/id/1/chapter/new', { user: users.trainer, handlers });
    await user.type(await screen.findByTestId('chapter-label'), 'Neu');
    await user.type(screen.getByLabelText('Verfügbar N Tage nach Buchung'), '4000');
    await user.click(screen.getByTestId('chapter-submit'));
    expect(await screen.findByText('Darf höchstens 3650 sein.')).toBeTruthy();
    expect(fetchMock.callsTo('POST /api/chapters')).toHaveLength(0);
  });
});
