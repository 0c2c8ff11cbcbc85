import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  bookedAbilities,
  chapterDto,
  defaultCompletionSettings,
  ownerAbilities,
  seminarDto,
  seminarProgress,
  sideMenuOf,
} from '@/testing/fixtures';
import { renderApp, users } from '@/testing/test-utils';
import { formatClock } from './format';

const CODE = 'AbCdEfGhIjKlMnOpQrStUv12';
const cert = (over: Record<string, unknown> = {}) => ({
  code: CODE,
  learner_name: 'Stefanie Student',
  seminar_title: 'Erste Hilfe',
  trainer_name: 'Tom Trainer',
  hours: 7.5,
  completed_at: '2025-03-04T10:00:00.000Z',
  status: 'valid',
  revoked_at: null,
  ...over,
});

describe('progress format', () => {
  it('shows positions as mm:ss, from an hour on as h:mm:ss', () => {
    expect(formatClock(0)).toBe('00:00');
    expect(formatClock(252.9)).toBe('04:12');
    expect(formatClock(3725)).toBe('1:02:05');
    expect(formatClock(-3)).toBe('00:00');
  });
});

describe('certificate verification page (public)', () => {
  it('shows a valid certificate with its facts', async () => {
    const { fetchMock } = renderApp(`/certificate/${CODE}`, {
      handlers: { [`GET /api/certificates/${CODE}`]: () => ({ body: cert() }) },
    });
    const box = await screen.findByTestId('certificate-verify');
    expect(box.getAttribute('data-status')).toBe('valid');
    expect(within(box).getByTestId('certificate-verify-status').textContent).toBe(
      'Dieses Zertifikat ist gültig.',
    );
    expect(within(box).getByTestId('certificate-learner').textContent).toBe('Stefanie Student');
    expect(within(box).getByText('7,5 Stunden')).toBeTruthy();
    fetchMock.expectAllHandled();
  });

  it('reads as a record and shows no new-app banner to the outsider who opens it (issue 32 item 13)', async () => {
    renderApp(`/en/certificate/${CODE}`, {
      handlers: { [`GET /api/certificates/${CODE}`]: () => ({ body: cert() }) },
    });
    const facts = await screen.findByTestId('certificate-facts');
    expect(facts.tagName).toBe('DL');
    expect([...facts.children].map((el) => el.tagName).join(' ')).toMatch(/^(DT DD ?)+$/);
    // the state stands above the record, once
    expect(screen.getByTestId('certificate-verify-status').textContent).toBe('This certificate is valid.');
    expect(within(facts).queryByTestId('certificate-state')).toBeNull();
    expect(screen.queryByText(/Welcome to the new platform/)).toBeNull();
    expect(document.querySelector('.new-app-banner')).toBeNull();
  });

  it('other pages of the same layout keep the banner', async () => {
    renderApp('/impress');
    expect(await screen.findByText('Willkommen auf der neuen Plattform!')).toBeTruthy();
  });

  it('shows a revoked one in English', async () => {
    renderApp(`/en/certificate/${CODE}`, {
      handlers: {
        [`GET /api/certificates/${CODE}`]: () => ({
          body: cert({ status: 'revoked', revoked_at: '2025-04-01T10:00:00.000Z' }),
        }),
      },
    });
    expect((await screen.findByTestId('certificate-verify-status')).textContent).toMatch(
      /^This certificate was revoked on /,
    );
  });

  it('says when there is no such certificate', async () => {
    renderApp(`/certificate/${CODE}`, {
      handlers: {
        [`GET /api/certificates/${CODE}`]: () => ({
          status: 404,
          body: { message: 'Dieses Zertifikat gibt es nicht.', code: 'certificate.invalid' },
        }),
      },
    });
    expect((await screen.findByTestId('certificate-unknown')).textContent).toMatch(/kein Zertifikat/);
  });
});

describe('Meine Zertifikate', () => {
  it('lists the certificates with download and verification links', async () => {
    const { fetchMock } = renderApp('/certificates', {
      user: users.student,
      handlers: {
        'GET /api/certificates': () => ({
          body: [
            { ...cert(), seminar_slug: 'erste-hilfe', issued_at: '2025-03-04T10:00:00.000Z' },
            {
              ...cert({
                code: 'ZZZZEfGhIjKlMnOpQrStUv12',
                status: 'revoked',
                revoked_at: '2025-04-01T10:00:00.000Z',
              }),
              seminar_slug: null,
              issued_at: '2025-03-04T10:00:00.000Z',
            },
          ],
        }),
      },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Meine Zertifikate' })).toBeTruthy();
    const items = await screen.findAllByTestId('certificate-item');
    expect(items).toHaveLength(2);
    expect(within(items[0]!).getByTestId('certificate-download')).toBeTruthy();
    expect(within(items[1]!).queryByTestId('certificate-download')).toBeNull();
    // a record (issue 32 item 13): the state first, in words, then the facts, each label with its value
    const state = within(items[1]!).getByTestId('certificate-state');
    expect(state.getAttribute('data-status')).toBe('revoked');
    expect(state.textContent).toBe('✕ Widerrufen am 01.04.2025');
    expect(within(items[0]!).getByTestId('certificate-state').textContent).toBe('✓ Gültig');
    const facts = within(items[0]!).getByTestId('certificate-facts');
    expect(facts.tagName).toBe('DL');
    expect([...facts.children].map((el) => el.tagName).join(' ')).toMatch(/^(DT DD ?)+$/);
    const labels = [...facts.querySelectorAll('dt')].map((dt) => dt.textContent);
    expect(labels).toHaveLength(7);
    expect([labels[0], labels[6]]).toEqual(['Status', 'Prüfcode']);
    expect(within(items[0]!).getByTestId('certificate-verify-link').getAttribute('href')).toBe(
      `/certificate/${CODE}`,
    );
    fetchMock.expectAllHandled();
  });

  it('has an empty state and sits in the user menu', async () => {
    renderApp('/certificates', {
      user: users.student,
      handlers: { 'GET /api/certificates': () => ({ body: [] }) },
    });
    expect((await screen.findByTestId('certificates-empty')).textContent).toMatch(
      /noch kein Seminar abgeschlossen/,
    );
    expect(screen.getByTestId('nav-certificates').textContent).toBe('Meine Zertifikate');
  });
});

describe('video resume', () => {
  const tree = [
    chapterDto({
      id: 10,
      label: 'Grundlagen',
      position: 0,
      chapter_videos: [
        {
          id: 1,
          chapter_id: 10,
          label: 'Intro',
          original_name: 'intro.mp4',
          mime: 'video/mp4',
          size: 1000,
          duration_seconds: 5,
          url: '/api/chapters/video/1/stream',
          created_at: '',
        },
      ],
    }),
  ];
  it('offers to continue where the learner stopped ("Weiter bei 04:12") and shows the coverage', async () => {
    renderApp('/seminar/id/1/chapter/10/play', {
      user: users.student,
      handlers: {
        'GET /api/seminars/1': () => ({ body: seminarDto({ id: 1, abilities: bookedAbilities }) }),
        'GET /api/chapters': () => ({ body: sideMenuOf(tree) }),
        'GET /api/chapters/seminar-booked/1': () => ({ body: tree }),
        'GET /api/mc_tests/chapter/10': () => ({ body: [] }),
        'GET /api/progress/seminars/1': () => ({
          body: seminarProgress(1, {
            chapters_total: 1,
            percent: 0,
            chapters: [{ chapter_id: 10, done: false, video_rule: true }],
            videos: [{ video_id: 1, chapter_id: 10, position: 252, duration: 600, coverage: 0.42 }],
          }),
        }),
      },
    });
    const button = await screen.findByTestId('video-resume-button');
    expect(button.textContent).toBe('Weiter bei 04:12');
    expect(screen.getByTestId('video-coverage').textContent).toBe('Gesehen: 42\u00a0%');
    // the side menu shows the learner's progress
    expect((await screen.findByTestId('chapter-menu-progress')).textContent).toMatch(/0\s% erledigt/);
    const video = document.querySelector('video')!;
    fireEvent.click(button);
    expect(video.currentTime).toBe(252);
    await waitFor(() => expect(screen.queryByTestId('video-resume')).toBeNull());
  });
});

describe("owners: learners' progress and completion settings", () => {
  const own = seminarDto({ id: 7, title: 'Mein Seminar', abilities: ownerAbilities });
  it('lists learners with progress and revokes a certificate with a reason after confirming', async () => {
    let revokedWith: unknown = null;
    const row = {
      user: { id: 3, first_name: 'Stefanie', last_name: 'Student', email: 'stefanie@example.com' },
      source: 'free',
      company_id: null,
      progress: {
        ...seminarProgress(7, { chapters_total: 2, chapters_done: 2, percent: 100, video_coverage: 0.95 }),
        completed_at: '2025-03-04T10:00:00.000Z',
        certificate: { code: CODE, issued_at: '2025-03-04T10:00:00.000Z', revoked_at: null },
      },
      videos: [{ video_id: 1, coverage: 0.95 }],
    };
    const { user, fetchMock } = renderApp('/seminar/id/7', {
      user: users.trainer,
      handlers: {
        'GET /api/seminars/7': () => ({ body: own }),
        'GET /api/chapters': () => ({ body: [] }),
        'GET /api/seminars/7/bookings': () => ({
          body: { data: [], current_page: 1, last_page: 1, per_page: 20, total: 0 },
        }),
        'GET /api/progress/seminars/7/learners': () => ({
          body: { data: [row], current_page: 1, last_page: 1, per_page: 25, total: 1 },
        }),
        'GET /api/progress/seminars/7/settings': () => ({ body: defaultCompletionSettings }),
        [`POST /api/certificates/${CODE}/revoke`]: (req) => {
          revokedWith = JSON.parse(String(req.body));
          return { body: cert({ status: 'revoked', revoked_at: '2025-04-01T10:00:00.000Z' }) };
        },
      },
    });
    const table = await screen.findByTestId('learner-progress');
    const [tr] = await within(table).findAllByTestId('learner-progress-row');
    // the export is a normal-sized button, like the test results' export (issue 32 item 17)
    expect(within(table).getByTestId('learner-progress-export').className).toBe('button is-link is-outlined');
    expect(within(tr!).getByTestId('learner-progress-coverage').textContent).toBe('95\u00a0%');
    expect(within(tr!).getByTestId('learner-progress-percent').textContent).toMatch(/100\s%/);
    await user.click(within(tr!).getByTestId('certificate-revoke'));
    await user.type(await screen.findByTestId('certificate-revoke-reason'), 'Prüfung wiederholt');
    await user.click(screen.getByTestId('confirm-ok'));
    await waitFor(() => expect(revokedWith).toEqual({ reason: 'Prüfung wiederholt' }));
    expect(screen.getByTestId('completion-settings')).toBeTruthy();
    fetchMock.expectAllHandled();
  });
});
