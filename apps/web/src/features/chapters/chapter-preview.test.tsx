import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  bookedAbilities,
  chapterDto,
  ownerAbilities,
  seminarDto,
  seminarProgress,
  sideMenuOf,
  subChapterDto,
} from '@/testing/fixtures';
import { renderApp, users } from '@/testing/test-utils';

/** Free previews (issue 34): the owner's checkbox in the chapter form and the badge in their list. */
const tree = [
  chapterDto({ id: 10, label: 'Einführung', position: 0, preview: true }, [
    subChapterDto({ id: 11, label: 'Zellen', chapter_id: 10, position: 0, preview: true }),
  ]),
  chapterDto({ id: 20, label: 'Formeln', position: 1 }),
];
const handlers = (abilities: typeof ownerAbilities) => ({
  'GET /api/seminars/1': () => ({ body: seminarDto({ id: 1, title: 'Excel', abilities }) }),
  'GET /api/chapters': () => ({ body: sideMenuOf(tree) }),
  'GET /api/chapters/seminar/1': () => ({ body: tree }),
  'GET /api/chapters/seminar-booked/1': () => ({ body: tree }),
  'GET /api/mc_tests/chapter/10': () => ({ body: [] }),
  'GET /api/mc_tests/chapter/20': () => ({ body: [] }),
  'GET /api/progress/seminars/1': () => ({ body: seminarProgress(1) }),
});

describe('free preview chapters', () => {
  it('the owner sees the flag checked, switches it off and the PATCH sends preview false', async () => {
    const { user, fetchMock } = renderApp('/seminar/id/1/chapter/10', {
      user: users.trainer,
      handlers: {
        ...handlers(ownerAbilities),
        'PATCH /api/chapters/update': () => ({ body: { ...tree[0], preview: false } }),
      },
    });
    const box = (await screen.findByRole('checkbox', { name: 'Kostenlose Vorschau' })) as HTMLInputElement;
    await waitFor(() => expect(box.checked).toBe(true));
    expect(screen.getByText(/Ohne Buchung abspielbar/)).toBeTruthy();
    await user.click(box);
    await user.click(screen.getByTestId('chapter-submit'));
    await waitFor(() => expect(fetchMock.callsTo('PATCH /api/chapters/update')).toHaveLength(1));
    expect(fetchMock.callsTo('PATCH /api/chapters/update')[0]!.json()).toMatchObject({
      id: 10,
      preview: false,
    });
  });

  it('a new chapter is no preview unless the owner ticks the box', async () => {
    const { user, fetchMock } = renderApp('/seminar/id/1/chapter/new', {
      user: users.trainer,
      handlers: {
        ...handlers(ownerAbilities),
        'POST /api/chapters': () => ({
          status: 201,
          body: chapterDto({ id: 30, label: 'Neu', preview: true }),
        }),
      },
    });
    const box = (await screen.findByRole('checkbox', { name: 'Kostenlose Vorschau' })) as HTMLInputElement;
    expect(box.checked).toBe(false);
    await user.type(screen.getByTestId('chapter-label'), 'Neu');
    await user.click(box);
    await user.click(screen.getByTestId('chapter-submit'));
    await waitFor(() => expect(fetchMock.callsTo('POST /api/chapters')).toHaveLength(1));
    expect(fetchMock.callsTo('POST /api/chapters')[0]!.json()).toMatchObject({ label: 'Neu', preview: true });
  });

  it("the owner's chapter list marks the previews; a student's menu does not", async () => {
    renderApp('/seminar/id/1/chapter/20', { user: users.trainer, handlers: handlers(ownerAbilities) });
    const menu = await screen.findByRole('navigation', { name: 'Kapitelmenü' });
    const intro = await within(menu).findByRole('link', { name: /^Einführung/ });
    expect(within(intro).getByTestId('chapter-preview-badge').textContent).toBe('Vorschau');
    expect(
      within(within(menu).getByRole('link', { name: /^Formeln/ })).queryByTestId('chapter-preview-badge'),
    ).toBeNull();
  });

  it('no badge in the menu of a booked student', async () => {
    renderApp('/seminar/id/1/chapter/10/play', { user: users.student, handlers: handlers(bookedAbilities) });
    const menu = await screen.findByRole('navigation', { name: 'Kapitelmenü' });
    await within(menu).findByRole('link', { name: /^Einführung/ });
    expect(within(menu).queryByTestId('chapter-preview-badge')).toBeNull();
  });

  it('the sub-chapter list of the owner marks a preview sub-chapter', async () => {
    renderApp('/seminar/id/1/chapter/10/subChapter', {
      user: users.trainer,
      handlers: handlers(ownerAbilities),
    });
    const item = await screen.findByTestId('sub-chapter-item');
    expect(within(item).getByTestId('chapter-preview-badge').textContent).toBe('Vorschau');
  });
});
