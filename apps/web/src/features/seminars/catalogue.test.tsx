import type { CatalogueSeminar, ChapterDto } from '@elearn/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { MockRequest } from '@/testing/fetch-mock';
import { chapterDto, paginatorOf, seminarDto, subChapterDto } from '@/testing/fixtures';
import { currentUrl, renderApp, users } from '@/testing/test-utils';

/** The guests' catalogue, the home page's newest seminars and a seminar's public page (issue 34). */
function card(overrides: Partial<CatalogueSeminar> & { id: number }): CatalogueSeminar {
  return {
    slug: `seminar-${overrides.id}`,
    title: `Seminar ${overrides.id}`,
    summary: 'Kurz und bündig.',
    image_url: null,
    price: 0,
    currency: 'CHF',
    language: 'de',
    chapters_count: 0,
    video_seconds: null,
    trainer: { id: 4, username: 'trainer1', name: 'Thomas Trainer' },
    created_at: '2026-01-01T10:00:00.000Z',
    ...overrides,
  };
}
const excel = card({
  id: 1,
  slug: 'excel',
  title: 'Excel für Profis',
  summary: 'Formeln & Pivot-Tabellen',
  price: 4900,
  chapters_count: 3,
  video_seconds: 3900,
  image_url: '/api/seminars/1/image?v=1',
});
const word = card({
  id: 2,
  slug: 'word',
  title: 'Word basics',
  language: 'en',
  chapters_count: 1,
  video_seconds: 95,
});
const page = (data: CatalogueSeminar[], over: Partial<ReturnType<typeof paginatorOf>> = {}) => ({
  ...paginatorOf(data),
  per_page: 12,
  ...over,
});
const catalogue = (body = page([excel, word], { total: 14, last_page: 2 })) => ({
  'GET /api/seminars/catalogue': () => ({ body }),
});
const queryOf = (calls: MockRequest[]) => calls.map((c) => c.search);

describe('the catalogue for guests (/seminar)', () => {
  it('shows the cards with price, chapters, video length, language and trainer; a cover without image', async () => {
    renderApp('/seminar', { handlers: catalogue() });
    expect(await screen.findByRole('heading', { level: 1, name: 'Seminare' })).toBeTruthy();
    const cards = await screen.findAllByTestId('catalogue-card');
    expect(cards).toHaveLength(2);
    const first = within(cards[0]!);
    expect(first.getByRole('link', { name: 'Excel für Profis' }).getAttribute('href')).toBe('/seminar/excel');
    expect(first.getByText('Formeln & Pivot-Tabellen')).toBeTruthy();
    expect(first.getByTestId('catalogue-card-price').textContent).toMatch(/49\.00|49,00/);
    expect(first.getByText('3 Kapitel')).toBeTruthy();
    expect(first.getByText('Video 1 Std. 05 Min.')).toBeTruthy();
    expect(first.getByText('Deutsch')).toBeTruthy();
    expect(first.getByText('mit Thomas Trainer')).toBeTruthy();
    expect(cards[0]!.querySelector('img')?.getAttribute('src')).toBe('/api/seminars/1/image?v=1');
    const second = within(cards[1]!);
    expect(second.getByTestId('catalogue-card-price').textContent).toBe('Kostenlos');
    expect(second.getByText('1 Kapitel')).toBeTruthy();
    expect(second.getByText('Video 2 Min.')).toBeTruthy();
    expect(second.getByText('Englisch')).toBeTruthy();
    // the designed cover: a drawn icon, no letter
    const cover = second.getByTestId('seminar-cover-placeholder');
    expect(cover.querySelector('svg')).toBeTruthy();
    expect(cover.textContent).toBe('');
    expect(screen.getByTestId('catalogue-total').textContent).toBe('14 Seminare');
    // no tabs for guests; the head names the page
    expect(screen.queryByTestId('seminar-tabs')).toBeNull();
    await waitFor(() => expect(document.title).toBe('Seminare – E-Learning'));
  });

  it('search is a GET form, filters and pages are plain links that keep each other', async () => {
    const { fetchMock } = renderApp('/seminar?q=excel&price=paid&page=2', {
      handlers: catalogue(page([excel], { total: 13, last_page: 2, current_page: 2 })),
    });
    await screen.findAllByTestId('catalogue-card');
    expect(queryOf(fetchMock.callsTo('GET /api/seminars/catalogue'))).toEqual(['?page=2&q=excel&price=paid']);
    const form = screen.getByTestId('catalogue-search-form') as HTMLFormElement;
    expect(form.getAttribute('method')).toBe('get');
    expect(form.getAttribute('action')).toBe('/seminar');
    expect((screen.getByTestId('catalogue-search-input') as HTMLInputElement).value).toBe('excel');
    expect(
      [...form.querySelectorAll('input[type="hidden"]')].map((i) => [
        i.getAttribute('name'),
        i.getAttribute('value'),
      ]),
    ).toEqual([['price', 'paid']]);
    const href = (id: string) => screen.getByTestId(id).getAttribute('href');
    expect(href('catalogue-filter-price-any')).toBe('/seminar?q=excel');
    expect(href('catalogue-filter-price-free')).toBe('/seminar?q=excel&price=free');
    expect(screen.getByTestId('catalogue-filter-price-paid').getAttribute('aria-current')).toBe('true');
    expect(href('catalogue-filter-lang-en')).toBe('/seminar?q=excel&price=paid&lang=en');
    const pages = screen.getByTestId('pagination');
    expect(within(pages).getByRole('link', { name: 'Seite 1' }).getAttribute('href')).toBe(
      '/seminar?q=excel&price=paid',
    );
    expect(screen.getByTestId('catalogue-total').textContent).toBe('13 Seminare zu «excel»');
  });

  it('submitting the search goes to its address (filters kept, page 1) and loads that page', async () => {
    const { fetchMock, user, router } = renderApp('/seminar?lang=en&page=2', { handlers: catalogue() });
    await screen.findAllByTestId('catalogue-card');
    await user.type(screen.getByTestId('catalogue-search-input'), 'word');
    await user.click(screen.getByTestId('catalogue-search-submit'));
    await waitFor(() => expect(currentUrl(router)).toBe('/seminar?q=word&lang=en'));
    await waitFor(() =>
      expect(queryOf(fetchMock.callsTo('GET /api/seminars/catalogue'))).toContain('?q=word&lang=en'),
    );
    await waitFor(() =>
      expect(screen.getByTestId('catalogue-filter-lang-any').getAttribute('href')).toBe('/seminar?q=word'),
    );
    await user.click(screen.getByTestId('catalogue-filter-lang-any'));
    await waitFor(() => expect(currentUrl(router)).toBe('/seminar?q=word'));
  });

  it('ignores a mistyped page or filter in the address (page 1, no filter)', async () => {
    const { fetchMock } = renderApp('/seminar?page=zwei&price=cheap&lang=fr', { handlers: catalogue() });
    await screen.findAllByTestId('catalogue-card');
    expect(queryOf(fetchMock.callsTo('GET /api/seminars/catalogue'))).toEqual(['']);
  });

  it('an empty result: with filters a way back, without any the catalogue is empty', async () => {
    renderApp('/seminar?q=nichts', { handlers: catalogue(page([], { total: 0 })) });
    const empty = await screen.findByTestId('catalogue-empty');
    expect(within(empty).getByText('Keine passenden Seminare gefunden')).toBeTruthy();
    expect(
      within(empty).getByRole('link', { name: 'Suche und Filter zurücksetzen' }).getAttribute('href'),
    ).toBe('/seminar');
  });

  it('an empty catalogue says so', async () => {
    renderApp('/seminar', { handlers: catalogue(page([], { total: 0 })) });
    expect(await screen.findByText('Noch keine Seminare veröffentlicht')).toBeTruthy();
  });

  it('in English under /en: texts, prices and links', async () => {
    renderApp('/en/seminar?price=free', { handlers: catalogue(page([word], { total: 1 })) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Seminars' })).toBeTruthy();
    const only = within((await screen.findAllByTestId('catalogue-card'))[0]!);
    expect(only.getByTestId('catalogue-card-price').textContent).toBe('Free');
    expect(only.getByText('1 chapter')).toBeTruthy();
    expect(only.getByText('Video 2 min')).toBeTruthy();
    expect(only.getByText('with Thomas Trainer')).toBeTruthy();
    expect(only.getByRole('link', { name: 'Word basics' }).getAttribute('href')).toBe('/en/seminar/word');
    expect(screen.getByTestId('catalogue-search-form').getAttribute('action')).toBe('/en/seminar');
    expect(screen.getByTestId('catalogue-filter-lang-de').getAttribute('href')).toBe(
      '/en/seminar?price=free&lang=de',
    );
    expect(screen.getByTestId('catalogue-filter-lang-de').textContent).toBe('German');
    expect(screen.getByTestId('catalogue-total').textContent).toBe('1 seminar');
  });

  it('logged-in users keep their list and tabs', async () => {
    const { fetchMock } = renderApp('/seminar', {
      user: users.student,
      handlers: {
        ...catalogue(),
        'GET /api/seminars': () => ({ body: paginatorOf([seminarDto({ id: 1, title: 'Einführung' })]) }),
      },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Alle Seminare' })).toBeTruthy();
    expect(screen.getByTestId('seminar-tabs')).toBeTruthy();
    expect(screen.queryByTestId('catalogue')).toBeNull();
    expect(fetchMock.callsTo('GET /api/seminars/catalogue')).toHaveLength(0);
  });
});

describe('the home page', () => {
  const four = page([excel, word, card({ id: 3 }), card({ id: 4 })], { total: 4 });
  it.each([
    ['/', 'Neue Seminare', 'Alle Seminare ansehen', '/seminar'],
    ['/en', 'New seminars', 'See all seminars', '/en/seminar'],
  ])('%s shows the three newest seminars and links to the catalogue', async (path, title, all, href) => {
    renderApp(path, { handlers: catalogue(four) });
    const section = await screen.findByTestId('home-newest');
    expect(within(section).getByRole('heading', { level: 2, name: title })).toBeTruthy();
    expect(within(section).getAllByTestId('catalogue-card')).toHaveLength(3);
    expect(
      within(section)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(['Excel für Profis', 'Word basics', 'Seminar 3']);
    expect(within(section).getByRole('link', { name: all }).getAttribute('href')).toBe(href);
  });

  it('leaves the section out while no seminar is published', async () => {
    renderApp('/', { handlers: catalogue(page([], { total: 0 })) });
    expect(await screen.findByRole('heading', { level: 1 })).toBeTruthy();
    expect(screen.queryByTestId('home-newest')).toBeNull();
  });
});

describe("a seminar's public page (/seminar/{slug})", () => {
  const video = (id: number, chapterId: number) => ({
    id,
    chapter_id: chapterId,
    label: 'Film',
    original_name: 'film.mp4',
    mime: 'video/mp4',
    size: 100,
    duration_seconds: 120,
    url: `/api/chapters/video/${id}/stream`,
    created_at: '2026-01-01T10:00:00.000Z',
  });
  const outline: ChapterDto[] = [
    {
      ...chapterDto({ id: 10, label: 'Einführung', position: 0, preview: true }, [
        subChapterDto({ id: 11, label: 'Zellen', chapter_id: 10, position: 0, preview: true }),
      ]),
      chapter_videos: [video(5, 10)],
      video_seconds: 120,
    },
    { ...chapterDto({ id: 20, label: 'Formeln', position: 1 }), video_seconds: 600 },
  ];
  const seminar = seminarDto({
    id: 1,
    slug: 'excel',
    title: 'Excel </script><b>für</b> Profis',
    description: '<p>Formeln &amp; Pivot-Tabellen für alle.</p>',
    price: 4900,
    video_seconds: 720,
    chapters_count: 3,
  });
  const handlers = {
    'GET /api/seminars/slug/excel': () => ({ body: seminar }),
    'GET /api/chapters/seminar-preview/1': () => ({ body: outline }),
  };

  it('shows title, price, the book button, the outline with lengths and previews, the trainer', async () => {
    renderApp('/seminar/excel', { handlers });
    expect(await screen.findByTestId('seminar-title')).toBeTruthy();
    expect(screen.getByTestId('seminar-book').getAttribute('href')).toBe(
      '/login?redirect=%2Fseminar%2Fexcel',
    );
    expect(screen.getByTestId('seminar-length').textContent).toBe('12 Min.');
    expect(screen.getByTestId('seminar-language').textContent).toBe('Deutsch');
    const entries = await screen.findAllByTestId('outline-chapter');
    expect(entries.map((e) => e.querySelector('.preview-outline-label')?.textContent)).toEqual([
      'Einführung',
      'Zellen',
      'Formeln',
    ]);
    const intro = within(entries[0]!);
    expect(intro.getByText('Vorschau')).toBeTruthy();
    expect(intro.getByText('2 Min.')).toBeTruthy();
    expect(intro.getByRole('link', { name: 'Vorschau ansehen: Einführung' }).getAttribute('href')).toBe(
      '/seminar/excel?preview=10#preview',
    );
    // a sub-chapter without its own video and a chapter without preview: no play link
    expect(within(entries[1]!).queryByTestId('outline-play')).toBeNull();
    expect(within(entries[2]!).queryByText('Vorschau')).toBeNull();
    expect(within(entries[2]!).queryByTestId('outline-play')).toBeNull();
    expect(within(entries[2]!).getByText('10 Min.')).toBeTruthy();
    const trainer = within(screen.getByTestId('landing-trainer'));
    expect(trainer.getByText('Thomas Trainer')).toBeTruthy();
    expect(trainer.getByRole('link').getAttribute('href')).toBe('/user/trainer1');
    expect(screen.getByTestId('breadcrumb-catalogue').getAttribute('href')).toBe('/seminar');
    expect(screen.queryByTestId('preview-player')).toBeNull();
  });

  it('plays a preview chapter from its link', async () => {
    const { user, router } = renderApp('/seminar/excel', { handlers });
    await user.click(await screen.findByRole('link', { name: 'Vorschau ansehen: Einführung' }));
    await waitFor(() => expect(currentUrl(router)).toBe('/seminar/excel?preview=10'));
    const player = await screen.findByTestId('preview-player');
    expect(within(player).getByText('Kostenlose Vorschau: Einführung')).toBeTruthy();
    expect(player.querySelector('video source')?.getAttribute('src')).toBe('/api/chapters/video/5/stream');
  });

  it('never plays a chapter that is no preview, even by address', async () => {
    renderApp('/seminar/excel?preview=20', { handlers });
    await screen.findAllByTestId('outline-chapter');
    expect(screen.queryByTestId('preview-player')).toBeNull();
  });

  it('writes the head: title, description, canonical, Course and BreadcrumbList JSON-LD (escaped)', async () => {
    renderApp('/seminar/excel', { handlers });
    await screen.findAllByTestId('outline-chapter');
    await waitFor(() => expect(document.title).toBe('Excel </script><b>für</b> Profis – E-Learning'));
    const head = document.head;
    expect(
      head.querySelector('meta[name="description"]:not([content*="Plattform"])')?.getAttribute('content'),
    ).toBe('Formeln & Pivot-Tabellen für alle.');
    expect(head.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(
      'http://localhost:3000/seminar/excel',
    );
    const script = document.querySelector('script[type="application/ld+json"]')!;
    expect(script.innerHTML).not.toContain('</script>');
    const [course, crumbs] = JSON.parse(script.textContent ?? '');
    expect(course).toMatchObject({
      '@type': 'Course',
      name: 'Excel </script><b>für</b> Profis',
      description: 'Formeln & Pivot-Tabellen für alle.',
      inLanguage: 'de',
      url: 'http://localhost:3000/seminar/excel',
      provider: { '@type': 'Organization', name: 'E-Learning' },
      offers: { '@type': 'Offer', price: '49.00', priceCurrency: 'CHF' },
    });
    expect(crumbs['@type']).toBe('BreadcrumbList');
    expect(crumbs.itemListElement.map((i: { name: string }) => i.name)).toEqual([
      'Startseite',
      'Seminare',
      'Excel </script><b>für</b> Profis',
    ]);
  });

  it('in English: the outline, the preview mark and the structured data in English', async () => {
    renderApp('/en/seminar/excel', { handlers });
    const entries = await screen.findAllByTestId('outline-chapter');
    expect(within(entries[0]!).getByText('Preview')).toBeTruthy();
    expect(within(entries[0]!).getByText('2 min')).toBeTruthy();
    expect(
      within(entries[0]!).getByRole('link', { name: 'Watch the preview: Einführung' }).getAttribute('href'),
    ).toBe('/en/seminar/excel?preview=10#preview');
    expect(screen.getByRole('heading', { level: 2, name: 'What the seminar covers' })).toBeTruthy();
    expect(screen.getByTestId('seminar-book').textContent).toBeTruthy();
    const script = document.querySelector('script[type="application/ld+json"]')!;
    const [course, crumbs] = JSON.parse(script.textContent ?? '');
    expect(course.url).toBe('http://localhost:3000/en/seminar/excel');
    expect(crumbs.itemListElement[0]).toMatchObject({ name: 'Home', item: 'http://localhost:3000/en' });
  });
});

describe('the seminar form: the language it is taught in', () => {
  const created = seminarDto({ id: 42, title: 'Neu', language: 'en' });
  const handlers = {
    'POST /api/seminars': () => ({ status: 201, body: created }),
    'GET /api/seminars/42': () => ({ body: created }),
    'GET /api/chapters': () => ({ body: [] }),
    'GET /api/seminars/42/bookings': () => ({
      body: { data: [], current_page: 1, last_page: 1, per_page: 20, total: 0 },
    }),
  };

  it('German by default; the trainer chooses English and the form sends it', async () => {
    const { user, fetchMock } = renderApp('/seminar/new', { user: users.trainer, handlers });
    const form = await screen.findByTestId('seminar-form');
    const select = within(form).getByLabelText('Sprache des Seminars') as HTMLSelectElement;
    expect(select.value).toBe('de');
    expect([...select.options].map((o) => o.textContent)).toEqual(['Deutsch', 'Englisch']);
    await user.type(within(form).getByLabelText('Titel'), 'Neu');
    await user.selectOptions(select, 'en');
    await user.click(within(form).getByRole('button', { name: 'Seminar erstellen' }));
    await waitFor(() => expect(fetchMock.callsTo('POST /api/seminars')).toHaveLength(1));
    expect((fetchMock.callsTo('POST /api/seminars')[0]!.body as FormData).get('language')).toBe('en');
  });

  it('in English the choice is labelled in English', async () => {
    renderApp('/en/seminar/new', { user: users.trainer, handlers });
    const form = await screen.findByTestId('seminar-form');
    const select = within(form).getByLabelText('Language of the seminar') as HTMLSelectElement;
    expect([...select.options].map((o) => o.textContent)).toEqual(['German', 'English']);
  });
});
