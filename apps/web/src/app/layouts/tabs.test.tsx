/**
 * Issue 14: every tab strip marks the page being shown, also on pages that are no tab of their
 * own (the test player, an admin's booked links, a company's seminar, a chapter's sub-chapters).
 */
import type { CompanyDto } from '@elearn/shared';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { chapterDto, ownerAbilities, paginatorOf, seminarDto, sideMenuOf } from '@/testing/fixtures';
import { assignedDto } from '@/testing/mc-test-fixtures';
import { renderApp, users } from '@/testing/test-utils';

/** The labels of a strip's tabs, the current one marked with a star. */
async function strip(name: string): Promise<string[]> {
  const nav = await screen.findByRole('navigation', { name });
  return within(nav)
    .getAllByRole('link')
    .map((link) => `${link.textContent}${link.getAttribute('aria-current') === 'page' ? ' *' : ''}`);
}

const acme: CompanyDto = {
  id: 7,
  name: 'Acme AG',
  shortName: 'acme',
  manager: true,
  members_count: 3,
  abilities: { manage: true },
};

describe('the current tab (issue 14)', () => {
  it('the test player and the tests to start now belong to the assigned tests', async () => {
    renderApp('/mcTest/open?test=5', {
      user: users.student,
      handlers: { 'GET /api/mc_tests/user/assigned/': () => ({ body: [assignedDto()] }) },
    });
    await screen.findByTestId('test-intro');
    expect(await strip('Tests')).toEqual(['Zugewiesen *', 'Verlauf']);
  });

  it('an admin on the booked links sees that page as a tab after the own ones', async () => {
    renderApp('/seminar/tempList', {
      user: users.admin,
      handlers: { 'GET /api/companies/access-links': () => ({ body: paginatorOf([], 1, 1, 0) }) },
    });
    expect(await strip('Seminarbereich')).toEqual([
      'Eigene',
      'Neues Seminar',
      'Buchbar',
      'Gebucht',
      'Zugangslinks *',
    ]);
  });

  it('a corporate trainer keeps the booked links tab once, as the current one', async () => {
    renderApp('/seminar/tempList', {
      user: users.corporateTraining,
      handlers: { 'GET /api/companies/access-links': () => ({ body: paginatorOf([], 1, 1, 0) }) },
    });
    expect(await strip('Seminarbereich')).toEqual(['Alle', 'Gebucht', 'Zugangslinks *']);
  });

  it('the rising seminars belong to the list of all seminars', async () => {
    renderApp('/seminar/rise', {
      user: users.student,
      handlers: { 'GET /api/seminars/rise': () => ({ body: [] }) },
    });
    expect(await strip('Seminarbereich')).toEqual(['Alle *', 'Gebucht']);
  });

  it("a company's seminar belongs to the company's seminar list; its overview has no strip", async () => {
    const seminar = seminarDto({ id: 40, title: 'Sicherheit', isCompany: true });
    renderApp('/company/acme/seminar/40', {
      user: users.corporateTraining,
      handlers: {
        'GET /api/companies/by-name/acme': () => ({ body: acme }),
        'GET /api/seminars/40': () => ({ body: seminar }),
      },
    });
    expect(await strip('Seminarbereich')).toEqual(['Alle *', 'Gebucht', 'Zugangslinks']);
  });

  it("a company's overview links to the tabs' pages and shows no strip", async () => {
    renderApp('/company/acme', {
      user: users.corporateTraining,
      handlers: { 'GET /api/companies/by-name/acme': () => ({ body: acme }) },
    });
    expect(await screen.findByTestId('company-overview')).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Seminarbereich' })).toBeNull();
  });

  it("a chapter's sub-chapters belong to its edit tab, a new sub-chapter to the new tab", async () => {
    const seminar = seminarDto({ id: 1, abilities: ownerAbilities });
    const chapter = chapterDto({ id: 20, seminar_id: 1, label: 'Kapitel' });
    const handlers = {
      'GET /api/seminars/1': () => ({ body: seminar }),
      'GET /api/chapters': () => ({ body: sideMenuOf([chapter]) }),
      'GET /api/chapters/seminar/1': () => ({ body: [chapter] }),
    };
    const view = renderApp('/seminar/id/1/chapter/20/subChapter', { user: users.trainer, handlers });
    expect(await strip('Kapitel')).toEqual(['Neu', 'Bearbeiten *', 'Abspielen']);
    view.unmount();
    renderApp('/seminar/id/1/chapter/20/subChapter/new', { user: users.trainer, handlers });
    expect(await strip('Kapitel')).toEqual(['Neu *', 'Bearbeiten', 'Abspielen']);
  });
});
