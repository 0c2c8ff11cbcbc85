import type { LearnDashboard, LearnSeminar } from '@elearn/shared';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { seminarProgress } from '@/testing/fixtures';
import { renderApp, users } from '@/testing/test-utils';
import { continuePath } from './components/continue-target';

const card = (over: Partial<LearnSeminar> = {}): LearnSeminar => {
  const {
    chapters: _c,
    tests: _t,
    videos: _v,
    ...progress
  } = seminarProgress(7, {
    chapters_total: 4,
    chapters_done: 1,
    percent: 25,
  });
  return {
    seminar_id: 7,
    title: 'Erste Hilfe',
    slug: 'erste-hilfe',
    image_url: null,
    state: 'in_progress',
    progress,
    continue: {
      chapter_id: 12,
      chapter_number: 2,
      video_id: 5,
      position: 42.7,
      visited_at: '2026-11-20T10:00:00Z',
    },
    first_chapter_id: 11,
    next_chapter_id: 12,
    due: null,
    ...over,
  };
};
const empty: LearnDashboard = { seminars: [], tests: [], deadlines: [], certificates: [], team_views: [] };

describe('Mein Lernen (issue 36)', () => {
  it('continues at the exact place: chapter and video second; starts at the first chapter', () => {
    expect(continuePath(card())).toBe('/seminar/id/7/chapter/12/play?v=5&t=42');
    expect(continuePath(card({ continue: null, state: 'not_started' }))).toBe(
      '/seminar/id/7/chapter/11/play',
    );
    expect(continuePath(card({ continue: null }))).toBe('/seminar/id/7/chapter/12/play');
    expect(continuePath(card({ continue: { ...card().continue!, video_id: null, position: 0 } }))).toBe(
      '/seminar/id/7/chapter/12/play',
    );
  });

  it('shows cards with progress, Fortsetzen, due badges, tests and deadlines', async () => {
    const { fetchMock } = renderApp('/learn', {
      user: users.companyUser,
      handlers: {
        'GET /api/learn': () => ({
          body: {
            ...empty,
            seminars: [card({ due: { due_date: '2026-12-01', state: 'overdue' } })],
            tests: [
              {
                id: 3,
                label: 'Abschlusstest',
                mode: 'exam',
                seminar_id: 7,
                seminar_title: 'Erste Hilfe',
                chapter_id: 12,
                state: 'failed',
                runs_used: 1,
                runs_allowed: 2,
                attempts_left: 1,
                best_percent: 40,
              },
            ],
            deadlines: [{ seminar_id: 7, title: 'Erste Hilfe', due_date: '2026-12-01', state: 'overdue' }],
          } satisfies LearnDashboard,
        }),
      },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Mein Lernen' })).toBeTruthy();
    const item = await screen.findByTestId('learn-seminar');
    const go = within(item).getByTestId('learn-continue');
    expect(go.textContent).toBe('Fortsetzen');
    expect(go.getAttribute('href')).toBe('/seminar/id/7/chapter/12/play?v=5&t=42');
    expect(within(item).getByTestId('due-badge').textContent).toBe('überfällig seit 01.12.2026');
    const test = screen.getByTestId('learn-test');
    expect(within(test).getByText('noch 1 Versuch')).toBeTruthy();
    // an assigned test carries its seminar's due date
    expect(within(test).getByTestId('due-badge').textContent).toBe('überfällig seit 01.12.2026');
    expect(screen.getByTestId('learn-deadlines')).toBeTruthy();
    fetchMock.expectAllHandled();
  });

  it('leads to the catalogue when there is nothing yet (English)', async () => {
    renderApp('/en/learn', { user: users.student, handlers: { 'GET /api/learn': () => ({ body: empty }) } });
    const box = await screen.findByTestId('learn-empty');
    expect(box.textContent).toContain('You have no seminars yet');
    expect(within(box).getByTestId('learn-to-catalogue').getAttribute('href')).toBe('/en/seminar');
  });

  it('shows a completed seminar with its certificate and a manager the team card', async () => {
    renderApp('/learn', {
      user: users.corporateTraining,
      handlers: {
        'GET /api/learn': () => ({
          body: {
            ...empty,
            seminars: [
              card({
                state: 'completed',
                progress: {
                  ...card().progress,
                  completed_at: '2026-11-01T10:00:00Z',
                  certificate: { code: 'C0DE', issued_at: '2026-11-01T10:00:00Z', revoked_at: null },
                },
              }),
            ],
            team_views: [{ name: 'Acme AG', short_name: 'acme' }],
          } satisfies LearnDashboard,
        }),
      },
    });
    const item = await screen.findByTestId('learn-seminar');
    expect(within(item).getByTestId('learn-completed').textContent).toBe('Abgeschlossen');
    expect(within(item).getByTestId('learn-certificate').getAttribute('href')).toBe('/certificate/C0DE');
    expect(within(screen.getByTestId('learn-team')).getByRole('link').getAttribute('href')).toBe(
      '/company/acme/team',
    );
  });
});
