import type { CompanyDto, TeamPage, TeamRow } from '@elearn/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp, users } from '@/testing/test-utils';
import { teamQueryOf } from './components/team-view';

const acme: CompanyDto = {
  id: 7,
  name: 'Acme AG',
  shortName: 'acme',
  manager: true,
  members_count: 3,
  abilities: { manage: true },
};

function row(userId: number, name: [string, string], extra: Partial<TeamRow> = {}): TeamRow {
  return {
    user: {
      id: userId,
      first_name: name[0],
      last_name: name[1],
      email: `${name[0].toLowerCase()}@acme.example`,
    },
    seminar: { id: 40, title: 'Arbeitssicherheit', slug: 'arbeitssicherheit' },
    percent: 50,
    last_activity: '2026-11-20T09:30:00.000Z',
    best_result: 80,
    completed_at: null,
    certificate: null,
    due_date: '2026-12-01',
    state: 'due_soon',
    ...extra,
  };
}

const page = (data: TeamRow[], extra: Partial<TeamPage> = {}): TeamPage => ({
  data,
  per_page: 20,
  total: data.length,
  next: null,
  prev: null,
  ...extra,
});

describe('the team view (/company/{name}/team, issue 36 item 7)', () => {
  const base = {
    'GET /api/companies/by-name/acme': () => ({ body: acme }),
    'GET /api/companies/seminars/booked': () => ({ body: [] }),
  };

  it('lists the rows with state and due date, links the certificate and pages by cursor', async () => {
    const { fetchMock } = renderApp('/company/acme/team?state=overdue', {
      user: users.corporateTraining,
      handlers: {
        ...base,
        'GET /api/companies/7/team': () => ({
          body: page(
            [
              row(11, ['Anna', 'Arm'], { state: 'overdue', due_date: '2026-11-01' }),
              row(12, ['Bert', 'Berg'], {
                state: 'done',
                percent: 100,
                certificate: { code: 'CODE123', revoked_at: null },
                completed_at: '2026-11-25T10:00:00.000Z',
              }),
            ],
            { total: 45, next: 'NEXTCURSOR' },
          ),
        }),
      },
    });
    const rows = await screen.findAllByTestId('team-row');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByTestId('due-state').textContent).toContain('überfällig');
    expect(within(rows[0]!).getByTestId('due-date').textContent).toContain('fällig am');
    expect(within(rows[1]!).getByRole('link', { name: 'Zertifikat ansehen' }).getAttribute('href')).toBe(
      '/certificate/CODE123',
    );
    // a done row has nothing to remind
    expect(within(rows[0]!).getByRole('button', { name: 'Anna Arm erinnern' })).toBeTruthy();
    expect(within(rows[1]!).queryByTestId('team-remind')).toBeNull();
    expect(screen.getByTestId('team-total').textContent).toBe('45');
    expect(screen.getByTestId('team-next').getAttribute('href')).toBe(
      '/company/acme/team?state=overdue&after=NEXTCURSOR',
    );
    expect(screen.getByTestId('team-last').getAttribute('href')).toBe(
      '/company/acme/team?state=overdue&last=1',
    );
    expect(screen.getByTestId('team-export').getAttribute('href')).toContain(
      '/api/companies/7/team/export?state=overdue',
    );
    expect(fetchMock.callsTo('GET /api/companies/7/team')[0]!.search).toBe('?state=overdue&per_page=20');
  });

  it('shows the server’s answer to "Erinnern": sent (202) and too soon (429)', async () => {
    let calls = 0;
    const { user } = renderApp('/company/acme/team', {
      user: users.corporateTraining,
      handlers: {
        ...base,
        'GET /api/companies/7/team': () => ({ body: page([row(11, ['Anna', 'Arm'])]) }),
        'POST /api/companies/7/team/remind': () =>
          ++calls === 1
            ? { status: 202, body: { message: 'Die Erinnerung wird gesendet.', sent: true } }
            : {
                status: 429,
                body: { message: 'Diese Person wurde … schon erinnert.', code: 'remind.too_soon' },
              },
      },
    });
    const button = await screen.findByRole('button', { name: 'Anna Arm erinnern' });
    await user.click(button);
    await waitFor(() =>
      expect(screen.getByTestId('team-remind-answer').textContent).toBe('Die Erinnerung wird gesendet.'),
    );
    await user.click(button);
    await waitFor(() =>
      expect(screen.getByTestId('team-remind-answer').textContent).toBe(
        'Diese Person wurde … schon erinnert.',
      ),
    );
  });

  it('an empty team leads to the booked seminars; filters without matches say so (English)', async () => {
    renderApp('/en/company/acme/team', {
      user: users.corporateTraining,
      handlers: { ...base, 'GET /api/companies/7/team': () => ({ body: page([]) }) },
    });
    expect((await screen.findByTestId('team-empty')).textContent).toContain('No assignments yet');
    expect(screen.getByRole('link', { name: 'Booked seminars' }).getAttribute('href')).toBe(
      '/en/company/acme/seminar/booked',
    );
  });

  it('a member who does not manage the company sees that only managers see it', async () => {
    renderApp('/company/acme/team', {
      user: users.corporateTraining,
      handlers: {
        ...base,
        'GET /api/companies/by-name/acme': () => ({ body: { ...acme, abilities: { manage: false } } }),
      },
    });
    expect((await screen.findByTestId('team-managers-only')).textContent).toContain('Verantwortlichen');
  });

  it('turns the address into the API query: filters, one cursor, 20 per page', () => {
    expect(teamQueryOf(new URLSearchParams('seminar=40&state=due&q=%20anna%20&after=A&before=B'))).toBe(
      'seminar_id=40&state=due&q=anna&after=A&per_page=20',
    );
    expect(teamQueryOf(new URLSearchParams('seminar=x&last=1'))).toBe('last=1&per_page=20');
  });
});
