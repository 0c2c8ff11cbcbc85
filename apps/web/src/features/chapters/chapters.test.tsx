import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { chapterKeys } from '@/features/chapters/api/keys';
import { FakeXhr, installFakeXhr, started } from '@/testing/fake-xhr';
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

const seminar = (abilities = bookedAbilities) => seminarDto({ id: 1, title: 'Excel', abilities });

const tree = [
  chapterDto(
    {
      id: 10,
      label: 'Grundlagen',
      position: 0,
      description: '<p>Willkommen</p>',
      content: '<h2>Inhalt</h2><p>Text</p>',
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
      chapter_docs: [
        {
          id: 3,
          chapter_id: 10,
          label: 'Skript',
          original_name: 'skript.pdf',
          mime: 'application/pdf',
          size: 2048,
          duration_seconds: null,
          url: '/api/chapters/doc/3/download',
          created_at: '',
        },
      ],
      chapter_links: [
        { id: 5, chapter_id: 10, label: 'Hilfe', url: 'https://example.org/hilfe', created_at: '' },
      ],
    },
    [subChapterDto({ id: 11, label: 'Zellen', chapter_id: 10, position: 0 })],
  ),
  chapterDto({ id: 20, label: 'Formeln', position: 1, unlocked: 0 }, [
    subChapterDto({ id: 21, label: 'SUMME', chapter_id: 20, position: 0, unlocked: 0 }),
  ]),
  chapterDto({ id: 30, label: 'Diagramme', position: 2 }),
];

const studentHandlers = {
  'GET /api/seminars/1': () => ({ body: seminar() }),
  'GET /api/chapters': () => ({ body: sideMenuOf(tree) }),
  'GET /api/chapters/seminar-booked/1': () => ({ body: tree }),
  // the tests attached to the chapter (mc-tests feature, shown under the chapter)
  'GET /api/mc_tests/chapter/10': () => ({ body: [] }),
  // the learner's progress (progress feature: side menu and video resume)
  'GET /api/progress/seminars/1': () => ({ body: seminarProgress(1) }),
  // the chapter opened becomes the seminar's continue target (issue 36)
  'PUT /api/seminars/1/visit': () => ({ status: 204 }),
};

const ownerHandlers = {
  'GET /api/seminars/1': () => ({ body: seminar(ownerAbilities) }),
  'GET /api/chapters': () => ({ body: sideMenuOf(tree) }),
  'GET /api/chapters/seminar/1': () => ({ body: tree }),
  'GET /api/mc_tests/chapter/10': () => ({ body: [] }),
  'GET /api/progress/seminars/1': () => ({ body: seminarProgress(1) }),
};

describe('chapter side menu', () => {
  it('expands and collapses sub-chapters; students get play links and only the play tab', async () => {
    const { user, fetchMock } = renderApp('/seminar/id/1/chapter/10/play', {
      user: users.student,
      handlers: studentHandlers,
    });
    const menu = await screen.findByRole('navigation', { name: 'Kapitelmenü' });
    await within(menu).findByRole('link', { name: 'Grundlagen' });
    const [first, second] = within(menu).getAllByTestId('chapter-menu-toggle');

    // the current chapter is open (once the play page has set it as current), the others are closed
    await waitFor(() => expect(first!.getAttribute('aria-expanded')).toBe('true'));
    expect(within(menu).getByRole('link', { name: 'Zellen' }).getAttribute('href')).toBe(
      '/seminar/id/1/chapter/11/play',
    );
    expect(second!.getAttribute('aria-expanded')).toBe('false');
    expect(second!.getAttribute('aria-label')).toBe('Unterkapitel von «Formeln» anzeigen');
    expect(within(menu).queryByRole('link', { name: /SUMME/ })).toBeNull();

    await user.click(second!);
    expect(second!.getAttribute('aria-expanded')).toBe('true');
    expect(within(menu).getByRole('link', { name: /SUMME/ }).getAttribute('href')).toBe(
      '/seminar/id/1/chapter/21/play',
    );
    await user.click(first!);
    expect(first!.getAttribute('aria-expanded')).toBe('false');
    expect(within(menu).queryByRole('link', { name: 'Zellen' })).toBeNull();

    // no owner entries for students, the chapter without sub-chapters has no toggle
    expect(within(menu).queryByRole('link', { name: 'Neues Kapitel' })).toBeNull();
    expect(within(menu).getAllByTestId('chapter-menu-toggle')).toHaveLength(2);
    const tabs = screen.getByRole('navigation', { name: 'Kapitel' });
    expect(
      within(tabs)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Abspielen']);
    expect(fetchMock.callsTo('GET /api/chapters')[0]!.search).toBe('?seminar_id=1');
  });

  it('owners get edit links, new chapter / new sub-chapter entries and the new + play tabs', async () => {
    renderApp('/seminar/id/1/chapter/20', { user: users.trainer, handlers: ownerHandlers });
    const menu = await screen.findByRole('navigation', { name: 'Kapitelmenü' });
    expect((await within(menu).findByRole('link', { name: /^Formeln/ })).getAttribute('href')).toBe(
      '/seminar/id/1/chapter/20',
    );
    expect(within(menu).getByRole('link', { name: /SUMME/ }).getAttribute('href')).toBe(
      '/seminar/id/1/chapter/20/subChapter/21',
    );
    expect(within(menu).getByTestId('chapter-menu-new').getAttribute('href')).toBe(
      '/seminar/id/1/chapter/new',
    );
    expect(within(menu).getByTestId('chapter-menu-new-sub-current').getAttribute('href')).toBe(
      '/seminar/id/1/chapter/20/newSub',
    );
    const tabs = screen.getByRole('navigation', { name: 'Kapitel' });
    expect(
      within(tabs)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual([
      ['Neu', '/seminar/id/1/chapter/new'],
      ['Bearbeiten', '/seminar/id/1/chapter/20'],
      ['Abspielen', '/seminar/id/1/chapter/20/play'],
    ]);
  });
});

describe('chapter position (keyboard reordering)', () => {
  it('moves with the labelled buttons and saves the whole order in one PATCH', async () => {
    const { user, fetchMock } = renderApp('/seminar/id/1/chapter/position', {
      user: users.trainer,
      handlers: { ...ownerHandlers, 'PATCH /api/chapters/reorder': () => ({ body: tree }) },
    });
    await screen.findByTestId('position-editor');
    const save = screen.getByRole('button', { name: 'Reihenfolge speichern' });
    expect((save as HTMLButtonElement).disabled).toBe(true);

    // move "Formeln" down with the keyboard: now last, its "down" is disabled, so the focus
    // stays on the chapter with its "up" button
    const down = screen.getByRole('button', { name: '«Formeln» nach unten verschieben' });
    down.focus();
    await user.keyboard('{Enter}');
    expect(document.activeElement).toBe(
      screen.getByRole('button', { name: '«Formeln» nach oben verschieben' }),
    );
    expect(screen.getByTestId('position-announcement').textContent).toBe('«Formeln» nach unten verschoben.');
    expect(
      (screen.getByRole('button', { name: '«Formeln» nach unten verschieben' }) as HTMLButtonElement)
        .disabled,
    ).toBe(true);

    // order now: Grundlagen, Diagramme, Formeln — "Formeln" has sub-chapters and can't be indented;
    // indent "Diagramme" under "Grundlagen", then outdent "Zellen"
    expect(
      (screen.getByRole('button', { name: '«Formeln» als Unterkapitel einrücken' }) as HTMLButtonElement)
        .disabled,
    ).toBe(true);
    await user.click(screen.getByRole('button', { name: '«Diagramme» als Unterkapitel einrücken' }));
    await user.click(screen.getByRole('button', { name: '«Zellen» ausrücken (Hauptkapitel)' }));

    await user.click(save);
    await screen.findByText('Die Reihenfolge wurde gespeichert.');
    const [patch] = fetchMock.callsTo('PATCH /api/chapters/reorder');
    expect(patch!.json()).toEqual({
      seminar_id: 1,
      order: [
        { id: 10, chapter_id: null, position: 0 },
        { id: 30, chapter_id: 10, position: 0 },
        { id: 11, chapter_id: null, position: 1 },
        { id: 20, chapter_id: null, position: 2 },
        { id: 21, chapter_id: 20, position: 0 },
      ],
    });
  });

  it('move up / down / indent produce the expected bodies', async () => {
    const { user, fetchMock } = renderApp('/seminar/id/1/chapter/position', {
      user: users.trainer,
      handlers: { ...ownerHandlers, 'PATCH /api/chapters/reorder': () => ({ body: tree }) },
    });
    await screen.findByTestId('position-editor');
    await user.click(screen.getByTestId('position-up-30')); // Grundlagen, Diagramme, Formeln
    await user.click(screen.getByTestId('position-indent-30')); // Diagramme under Grundlagen, after Zellen
    await user.click(screen.getByTestId('position-up-30')); // Diagramme before Zellen
    await user.click(screen.getByTestId('position-down-10')); // Grundlagen after Formeln
    await user.click(screen.getByTestId('position-save'));
    await waitFor(() => expect(fetchMock.callsTo('PATCH /api/chapters/reorder')).toHaveLength(1));
    expect(fetchMock.callsTo('PATCH /api/chapters/reorder')[0]!.json()).toEqual({
      seminar_id: 1,
      order: [
        { id: 20, chapter_id: null, position: 0 },
        { id: 21, chapter_id: 20, position: 0 },
        { id: 10, chapter_id: null, position: 1 },
        { id: 30, chapter_id: 10, position: 0 },
        { id: 11, chapter_id: 10, position: 1 },
      ],
    });
  });

  it('drag and drop puts a chapter before the drop target', async () => {
    const { fetchMock, user } = renderApp('/seminar/id/1/chapter/position', {
      user: users.trainer,
      handlers: { ...ownerHandlers, 'PATCH /api/chapters/reorder': () => ({ body: tree }) },
    });
    await screen.findByTestId('position-editor');
    const data = new Map<string, string>();
    const dataTransfer = {
      setData: (k: string, v: string) => data.set(k, v),
      getData: (k: string) => data.get(k) ?? '',
      effectAllowed: 'move',
      dropEffect: 'move',
    };
    fireEvent.dragStart(screen.getByTestId('position-item-30'), { dataTransfer });
    fireEvent.dragOver(screen.getByTestId('position-item-10'), { dataTransfer });
    fireEvent.drop(screen.getByTestId('position-item-10'), { dataTransfer });
    await user.click(screen.getByTestId('position-save'));
    await waitFor(() => expect(fetchMock.callsTo('PATCH /api/chapters/reorder')).toHaveLength(1));
    const order = (fetchMock.callsTo('PATCH /api/chapters/reorder')[0]!.json() as { order: { id: number }[] })
      .order;
    expect(order.map((item) => item.id)).toEqual([30, 10, 11, 20, 21]);
  });
});

describe('chapter play page', () => {
  it('students see video, content, documents, links and mark the chapter done', async () => {
    const { user, fetchMock } = renderApp('/seminar/id/1/chapter/10/play', {
      user: users.student,
      handlers: {
        ...studentHandlers,
        'PATCH /api/chapters/toggle/user': () => ({
          body: { chapter_id: 10, done: true, done_at: '2025-01-01' },
        }),
      },
    });
    const player = await screen.findByTestId('chapter-player');
    const video = within(player).getByLabelText('Intro') as HTMLVideoElement;
    expect(video.querySelector('source')?.getAttribute('src')).toBe('/api/chapters/video/1/stream');
    expect(video.querySelector('source')?.getAttribute('type')).toBe('video/mp4');
    expect(within(player).getByTestId('chapter-content').innerHTML).toBe('<h2>Inhalt</h2><p>Text</p>');
    const link = within(player).getByTestId('chapter-link');
    expect(link.getAttribute('href')).toBe('https://example.org/hilfe');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    expect(within(player).queryByTestId('chapter-lock-toggle')).toBeNull();

    const done = within(player).getByTestId('chapter-done-toggle');
    expect(done.getAttribute('aria-pressed')).toBe('false');
    await user.click(done);
    await waitFor(() =>
      expect(within(player).getByTestId('chapter-done-toggle').getAttribute('aria-pressed')).toBe('true'),
    );
    expect(fetchMock.callsTo('PATCH /api/chapters/toggle/user')[0]!.json()).toEqual({
      chapterUser: 10,
      done: true,
    });
  });

  it('downloads documents through the download helper', async () => {
    const { user, fetchMock } = renderApp('/seminar/id/1/chapter/10/play', {
      user: users.student,
      handlers: { ...studentHandlers, 'GET /api/chapters/doc/3/download': () => ({ body: 'PDF' }) },
    });
    const blobs: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      blobs.push(blob as Blob);
      return 'blob:x';
    });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    await user.click(await screen.findByRole('button', { name: 'Herunterladen: «skript.pdf»' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    expect(fetchMock.callsTo('GET /api/chapters/doc/3/download')).toHaveLength(1);
    expect(blobs[0]?.type).toBe('application/pdf');
  });

  it('a locked chapter shows students the locked notice only', async () => {
    const locked = [tree[0]!, { ...tree[1]!, description: '', content: '' }, tree[2]!];
    renderApp('/seminar/id/1/chapter/20/play', {
      user: users.student,
      handlers: { ...studentHandlers, 'GET /api/chapters/seminar-booked/1': () => ({ body: locked }) },
    });
    expect(await screen.findByTestId('chapter-locked')).toBeTruthy();
    expect(screen.queryByTestId('chapter-done-toggle')).toBeNull();
  });

  it('owners toggle the lock', async () => {
    const { user, fetchMock } = renderApp('/seminar/id/1/chapter/20/play', {
      user: users.trainer,
      handlers: {
        ...ownerHandlers,
        'GET /api/chapters/20/user-interaction': () => ({ body: [] }),
        'PATCH /api/chapters/toggle/locked': () => ({ body: { ...tree[1]!, unlocked: 1 } }),
      },
    });
    const toggle = await screen.findByTestId('chapter-lock-toggle');
    expect(toggle.getAttribute('aria-checked')).toBe('false');
    expect(screen.queryByTestId('chapter-locked')).toBeNull();
    await user.click(toggle);
    await waitFor(() => expect(fetchMock.callsTo('PATCH /api/chapters/toggle/locked')).toHaveLength(1));
    expect(fetchMock.callsTo('PATCH /api/chapters/toggle/locked')[0]!.json()).toEqual({ id: 20 });
  });

  it('an unknown chapter is the not-found page', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {}); // React reports the caught render error
    renderApp('/seminar/id/1/chapter/99/play', { user: users.student, handlers: studentHandlers });
    expect(await screen.findByRole('heading', { level: 1, name: 'Seite nicht gefunden' })).toBeTruthy();
  });
});

describe('chapter play page: completed by', () => {
  const done = [
    {
      user_id: 1,
      first_name: 'Stefanie',
      last_name: 'Student',
      email: 'stefanie@example.com',
      done_at: '2025-03-04T09:30:00.000Z',
    },
    {
      user_id: 2,
      first_name: 'Sam',
      last_name: 'Second',
      email: 'sam@example.com',
      done_at: '2025-03-05T09:30:00.000Z',
    },
  ];

  it('owners see who completed the chapter; the lock toggle refreshes the list', async () => {
    let answer = done.slice(0, 1);
    const { user, fetchMock } = renderApp('/seminar/id/1/chapter/10/play', {
      user: users.trainer,
      handlers: {
        ...ownerHandlers,
        'GET /api/chapters/10/user-interaction': () => ({ body: answer }),
        'PATCH /api/chapters/toggle/locked': () => ({ body: { ...tree[0]!, unlocked: 0 } }),
      },
    });
    const section = await screen.findByTestId('chapter-interactions');
    expect(within(section).getByRole('heading', { level: 2, name: /^Abgeschlossen von/ })).toBeTruthy();
    const [row] = await within(section).findAllByTestId('chapter-interaction-row');
    expect(
      within(section)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Name', 'E-Mail', 'Abgeschlossen am']);
    expect(
      within(row!)
        .getAllByRole('cell')
        .map((td) => td.textContent),
    ).toEqual(['Stefanie Student', 'stefanie@example.com', '04.03.2025']);

    answer = done;
    await user.click(screen.getByTestId('chapter-lock-toggle'));
    await waitFor(() => expect(within(section).getAllByTestId('chapter-interaction-row')).toHaveLength(2));
    expect(fetchMock.callsTo('GET /api/chapters/10/user-interaction')).toHaveLength(2);
    fetchMock.expectAllHandled();
  });

  it('shows an empty state in English', async () => {
    renderApp('/en/seminar/id/1/chapter/30/play', {
      user: users.trainer,
      handlers: { ...ownerHandlers, 'GET /api/chapters/30/user-interaction': () => ({ body: [] }) },
    });
    const section = await screen.findByTestId('chapter-interactions');
    expect(within(section).getByRole('heading', { level: 2, name: /^Completed by/ })).toBeTruthy();
    expect((await within(section).findByTestId('chapter-interactions-empty')).textContent).toBe(
      'Nobody has completed this chapter yet.',
    );
  });

  it('students do not see it and never ask for it; marking done invalidates it by key', async () => {
    const { user, fetchMock, queryClient } = renderApp('/seminar/id/1/chapter/10/play', {
      user: users.student,
      handlers: {
        ...studentHandlers,
        'PATCH /api/chapters/toggle/user': () => ({
          body: { chapter_id: 10, done: true, done_at: '2025-01-01T00:00:00.000Z' },
        }),
      },
    });
    const toggle = await screen.findByTestId('chapter-done-toggle');
    // an owner's cached list (same client, e.g. an admin) is outdated by a done mark
    queryClient.setQueryData(chapterKeys.interactions(1, 10), []);
    await user.click(toggle);
    await waitFor(() =>
      expect(screen.getByTestId('chapter-done-toggle').getAttribute('aria-pressed')).toBe('true'),
    );
    expect(queryClient.getQueryState(chapterKeys.interactions(1, 10))?.isInvalidated).toBe(true);
    expect(screen.queryByTestId('chapter-interactions')).toBeNull();
    expect(fetchMock.calls.filter((call) => call.path.endsWith('/user-interaction'))).toHaveLength(0);
    // a learner's chapter is recorded as the place to continue (issue 36); an owner's never is
    expect(fetchMock.callsTo('PUT /api/seminars/1/visit')).toHaveLength(1);
    fetchMock.expectAllHandled();
  });
});

describe('chapter edit page: media', () => {
  it('names a video without a title by its file name once; the upload buttons are of normal size (issue 32 item 17)', async () => {
    const video = (id: number, label: string, original_name: string) => ({
      id,
      chapter_id: 30,
      label,
      original_name,
      mime: 'video/mp4',
      size: 2048,
      url: `/api/chapters/video/${id}/stream`,
      created_at: '',
    });
    const withVideos = tree.map((c) =>
      c.id === 30
        ? {
            ...c,
            chapter_videos: [
              // an upload without a title: the server stores its file name as its label
              video(7, 'film.mp4', 'film.mp4'),
              video(8, 'Einführung', 'intro.mp4'),
              video(9, '', 'clip.mp4'),
            ],
          }
        : c,
    );
    renderApp('/seminar/id/1/chapter/30', {
      user: users.trainer,
      handlers: { ...ownerHandlers, 'GET /api/chapters/seminar/1': () => ({ body: withVideos }) },
    });
    const items = await screen.findAllByTestId('video-item');
    const text = (item: HTMLElement) => item.querySelector('span')?.textContent?.replace(/\s+/g, ' ').trim();
    expect(text(items[0]!)).toBe('film.mp4 (2 KB)');
    expect(text(items[1]!)).toBe('Einführung (intro.mp4, 2 KB)');
    expect(text(items[2]!)).toBe('clip.mp4 (2 KB)');
    for (const id of ['video-upload', 'docs-upload', 'link-submit']) {
      const button = screen.getByTestId(id);
      expect(button.className, id).toContain('is-primary');
      expect(button.className, id).not.toContain('is-small');
    }
  });

  it('checks documents by extension before uploading', async () => {
    renderApp('/seminar/id/1/chapter/30', { user: users.trainer, handlers: ownerHandlers });
    const input = await screen.findByTestId('docs-input');
    fireEvent.change(input, { target: { files: [new File(['x'], 'virus.exe')] } });
    expect(
      await screen.findByText(
        'Dieser Dateityp ist nicht erlaubt (pdf, doc, docx, xls, xlsx, ppt, pptx, zip).',
      ),
    ).toBeTruthy();
    expect((screen.getByTestId('docs-upload') as HTMLButtonElement).disabled).toBe(true);
    // `accept` is only a hint (a dropped file skips it): the extension check refuses it too
    fireEvent.change(screen.getByTestId('video-input'), { target: { files: [new File(['x'], 'film.avi')] } });
    expect(await screen.findByText('Dieser Dateityp ist nicht erlaubt (mp4, webm, ogg, ogv).')).toBeTruthy();
  });

  it('uploads a video resumably (tus): percent, pause/resume, and cancel removes it on the server', async () => {
    installFakeXhr();
    localStorage.clear();
    const { user } = renderApp('/seminar/id/1/chapter/30', { user: users.trainer, handlers: ownerHandlers });
    const form = await screen.findByTestId('video-form');
    await user.type(within(form).getByLabelText('Titel des Videos (optional)'), 'Einführung');
    await user.upload(
      within(form).getByTestId('video-input'),
      new File([new Uint8Array(10)], 'film.mp4', { type: 'video/mp4' }),
    );
    await user.click(within(form).getByTestId('video-upload'));
    const create = await started();
    expect(create.method).toBe('POST');
    expect(create.url).toBe('/api/chapters/uploads');
    expect(create.headers['Upload-Length']).toBe('10');
    expect(create.headers['X-XSRF-TOKEN']).toBeDefined();
    const meta = Object.fromEntries(
      create.headers['Upload-Metadata']!.split(',').map((pair) => {
        const [k, v] = pair.split(' ');
        return [k, new TextDecoder().decode(Uint8Array.from(atob(v ?? ''), (c) => c.charCodeAt(0)))];
      }),
    );
    expect(meta).toMatchObject({
      chapter_id: '30',
      kind: 'video',
      filename: 'film.mp4',
      label: 'Einführung',
    });
    create.respondRaw(201, {
      Location: '/api/chapters/uploads/abcdefghijklmnopqrstuvwx',
      'Tus-Resumable': '1.0.0',
    });
    await waitFor(() => expect(FakeXhr.instances).toHaveLength(2));
    const patch = FakeXhr.instances[1]!;
    expect(patch.method).toBe('PATCH');
    expect(patch.headers['Upload-Offset']).toBe('0');
    patch.progress(4, 10);
    await waitFor(() =>
      expect(within(form).getByTestId('video-percent').textContent).toBe('Video wird hochgeladen: 40\u00a0%'),
    );
    expect(
      within(form).getByRole('progressbar', { name: 'Video wird hochgeladen' }).getAttribute('value'),
    ).toBe('40');
    // remembered for resuming after a reload
    expect(Object.keys(localStorage).some((k) => k.includes('elearn-tus::30::video::film.mp4'))).toBe(true);
    await user.click(within(form).getByTestId('video-pause'));
    expect(patch.abort).toHaveBeenCalled();
    expect(within(form).getByTestId('video-details').textContent).toContain('Pausiert');
    await user.click(within(form).getByTestId('video-cancel'));
    // cancel terminates the upload on the server (DELETE) and forgets it
    await waitFor(() => expect(FakeXhr.instances.some((x) => x.method === 'DELETE')).toBe(true));
    FakeXhr.instances.find((x) => x.method === 'DELETE')!.respondRaw(204, { 'Tus-Resumable': '1.0.0' });
    expect(await screen.findByText('Der Upload wurde abgebrochen.')).toBeTruthy();
    expect(within(form).queryByTestId('video-progress')).toBeNull();
  });

  it('offers an unfinished upload remembered by this browser, and discards it after confirmation', async () => {
    installFakeXhr();
    localStorage.clear();
    localStorage.setItem(
      'tus::elearn-tus::30::video::big.mp4::1000::1::1',
      JSON.stringify({
        size: 2_000_000_000,
        metadata: { chapter_id: '30', kind: 'video', filename: 'big.mp4' },
        creationTime: new Date().toISOString(),
        uploadUrl: '/api/chapters/uploads/abcdefghijklmnopqrstuvwx',
      }),
    );
    const { user } = renderApp('/en/seminar/id/1/chapter/30', {
      user: users.trainer,
      handlers: ownerHandlers,
    });
    const offer = await screen.findByTestId('video-unfinished');
    expect(offer.textContent).toContain('“big.mp4” (2000 MB)');
    await user.click(within(offer).getByTestId('video-discard'));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('Discard the unfinished upload of “big.mp4”?');
    await user.click(within(dialog).getByRole('button', { name: 'Discard' }));
    await waitFor(() => expect(FakeXhr.instances.some((x) => x.method === 'DELETE')).toBe(true));
    FakeXhr.instances.find((x) => x.method === 'DELETE')!.respondRaw(204, { 'Tus-Resumable': '1.0.0' });
    await waitFor(() => expect(screen.queryByTestId('video-unfinished')).toBeNull());
    expect(Object.keys(localStorage).filter((k) => k.startsWith('tus::'))).toEqual([]);
  });

  it('sends documents over 8 MB resumably (tus, kind=doc) and shows the refusal at the end', async () => {
    installFakeXhr();
    localStorage.clear();
    const { user } = renderApp('/seminar/id/1/chapter/30', { user: users.trainer, handlers: ownerHandlers });
    const form = await screen.findByTestId('docs-form');
    const big = new File([new Uint8Array(9 * 1024 * 1024)], 'handbuch.pdf', { type: 'application/pdf' });
    await user.upload(within(form).getByTestId('docs-input'), big);
    await user.click(within(form).getByTestId('docs-upload'));
    const create = await started();
    expect(create.url).toBe('/api/chapters/uploads');
    expect(create.headers['Upload-Length']).toBe(String(9 * 1024 * 1024));
    expect(create.headers['Upload-Metadata']).toContain(`kind ${btoa('doc')}`);
    create.respondRaw(201, {
      Location: '/api/chapters/uploads/abcdefghijklmnopqrstuvwx',
      'Tus-Resumable': '1.0.0',
    });
    await waitFor(() => expect(FakeXhr.instances).toHaveLength(2));
    const patch = FakeXhr.instances[1]!;
    expect(patch.method).toBe('PATCH');
    expect(await within(form).findByTestId('docs-resumable-progress')).toBeTruthy();
    patch.respond(422, {
      message: 'Die Daten sind ungültig.',
      code: 'media.type',
      errors: { docs: ['Dieser Dateityp ist nicht erlaubt (pdf).'] },
    });
    expect(await within(form).findByText('Dieser Dateityp ist nicht erlaubt (pdf).')).toBeTruthy();
    expect(within(form).queryByTestId('docs-resumable-progress')).toBeNull();
  });

  it('shows the server answer of a rejected upload (413 media.too_large)', async () => {
    installFakeXhr();
    const { user } = renderApp('/seminar/id/1/chapter/30', { user: users.trainer, handlers: ownerHandlers });
    const form = await screen.findByTestId('docs-form');
    await user.upload(within(form).getByTestId('docs-input'), [
      new File(['a'], 'a.pdf', { type: 'application/pdf' }),
      new File(['b'], 'b.docx'),
    ]);
    await user.click(within(form).getByTestId('docs-upload'));
    const xhr = await started();
    expect((xhr.body as FormData).getAll('docs').map((file) => (file as File).name)).toEqual([
      'a.pdf',
      'b.docx',
    ]);
    xhr.respond(413, { message: 'Die Datei ist zu gross (höchstens 50 MB).', code: 'media.too_large' });
    expect(await within(form).findByText('Die Datei ist zu gross (höchstens 50 MB).')).toBeTruthy();
    expect(FakeXhr.instances).toHaveLength(1);
  });

  it('adds a link after checking it with the shared rule', async () => {
    const { user, fetchMock } = renderApp('/seminar/id/1/chapter/30', {
      user: users.trainer,
      handlers: {
        ...ownerHandlers,
        'POST /api/chapters/storeLinks': () => ({
          status: 201,
          body: { data: { chapter_id: 30, links: [] } },
        }),
      },
    });
    const form = await screen.findByTestId('links-form');
    await user.type(within(form).getByLabelText('Bezeichnung'), 'Doku');
    await user.type(within(form).getByLabelText('Adresse (http oder https)'), 'javascript:alert(1)');
    await user.click(within(form).getByRole('button', { name: 'Link hinzufügen' }));
    expect(
      await within(form).findByText('Bitte eine gültige http- oder https-Adresse eingeben.'),
    ).toBeTruthy();
    const url = within(form).getByLabelText('Adresse (http oder https)');
    await user.clear(url);
    await user.type(url, 'https://example.org/doku');
    await user.click(within(form).getByRole('button', { name: 'Link hinzufügen' }));
    await waitFor(() => expect(fetchMock.callsTo('POST /api/chapters/storeLinks')).toHaveLength(1));
    expect(fetchMock.callsTo('POST /api/chapters/storeLinks')[0]!.json()).toEqual({
      chapter_id: 30,
      links: [{ label: 'Doku', url: 'https://example.org/doku' }],
    });
  });

  it('asks before deleting a document', async () => {
    const { user, fetchMock } = renderApp('/seminar/id/1/chapter/10', {
      user: users.trainer,
      handlers: { ...ownerHandlers, 'DELETE /api/chapters/doc/3/delete': () => ({ status: 204 }) },
    });
    await user.click(await screen.findByRole('button', { name: 'Löschen: «Skript»' }));
    const dialog = screen.getByRole('dialog', { name: 'Löschen?' });
    expect(fetchMock.callsTo('DELETE /api/chapters/doc/3/delete')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Löschen' }));
    await waitFor(() => expect(fetchMock.callsTo('DELETE /api/chapters/doc/3/delete')).toHaveLength(1));
    expect(await screen.findByText('«Skript» wurde gelöscht.')).toBeTruthy();
  });
});
