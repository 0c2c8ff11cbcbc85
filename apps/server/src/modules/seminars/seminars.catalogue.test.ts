import { plainText } from '@elearn/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chapterFiles, seminars } from '../../db/schema/index.ts';
import { buildTestApp, multipart, type TestApp } from '../../test/build-test-app.ts';
import { seminarFixtures } from '../../test/fixtures.ts';

type Card = {
  id: number;
  slug: string;
  title: string;
  summary: string;
  image_url: string | null;
  price: number;
  currency: string;
  language: string;
  chapters_count: number;
  video_seconds: number | null;
  trainer: { id: number; username: string; name: string };
};

/** The guests' catalogue (issue 34 item 2): GET /api/seminars/catalogue. */
describe('the public catalogue', () => {
  let t: TestApp;
  let fx: ReturnType<typeof seminarFixtures>;
  const ids: Record<string, number> = {};
  const day = (n: number) => new Date(Date.UTC(2026, 0, 1 + n));

  beforeAll(async () => {
    t = await buildTestApp();
    fx = seminarFixtures(t.app);
    const db = t.app.database.db;
    const trainer = await t.make.user({ scopes: ['trainer'] });
    const student = await t.make.user();
    const company = await t.make.company();
    const excel = await fx.seminar(trainer.id, {
      title: 'Excel für Profis',
      price: 4900,
      image: true,
      createdAt: day(3),
    });
    await db
      .update(seminars)
      .set({
        description: `<p>Formeln &amp; <strong>Pivot</strong>-Tabellen</p><p>${'lang '.repeat(100)}</p>`,
        language: 'de',
      })
      .where(eq(seminars.id, excel.id));
    const c1 = await fx.chapter(excel.id);
    await fx.chapter(excel.id, { parentId: c1.id });
    const v = await fx.video(c1.id);
    await db.update(chapterFiles).set({ durationSeconds: 125 }).where(eq(chapterFiles.id, v.id));
    const word = await fx.seminar(student.id, { title: 'Word basics', createdAt: day(2) });
    await db
      .update(seminars)
      .set({ language: 'en', description: '<p>Letters and 100% fun_</p>' })
      .where(eq(seminars.id, word.id));
    const privateOne = await fx.seminar(trainer.id, {
      title: 'Excel intern',
      isPublic: false,
      createdAt: day(4),
    });
    const companyOne = await fx.seminar(trainer.id, {
      title: 'Excel für die Firma',
      isCompany: true,
      companyId: company.id,
      createdAt: day(5),
    });
    // 12 more free German ones, older: page 2 exists
    for (let i = 0; i < 12; i++) {
      await fx.seminar(trainer.id, { title: `Kurs ${i}`, createdAt: day(-i) });
    }
    Object.assign(ids, {
      excel: excel.id,
      word: word.id,
      private: privateOne.id,
      company: companyOne.id,
      trainer: trainer.id,
    });
  });
  afterAll(() => t.close());

  const get = (query = '') => t.agent().get(`/api/seminars/catalogue${query}`);

  it('lists public non-company seminars, newest first, 12 a page, with what a card shows', async () => {
    const res = await get();
    expect(res.statusCode).toBe(200);
    const body = res.json() as {
      data: Card[];
      total: number;
      last_page: number;
      per_page: number;
      current_page: number;
    };
    expect(body).toMatchObject({ total: 14, last_page: 2, per_page: 12, current_page: 1 });
    expect(body.data).toHaveLength(12);
    const listed = body.data.map((s) => s.id);
    expect(listed.slice(0, 2)).toEqual([ids.excel, ids.word]);
    expect(listed).not.toContain(ids.private);
    expect(listed).not.toContain(ids.company);
    const excel = body.data[0]!;
    expect(excel).toMatchObject({
      title: 'Excel für Profis',
      price: 4900,
      currency: 'CHF',
      language: 'de',
      chapters_count: 2,
      video_seconds: 125,
      trainer: { id: ids.trainer, name: expect.stringMatching(/^Test User \d+$/) },
    });
    expect(excel.image_url).toMatch(new RegExp(`^/api/seminars/${excel.id}/image\\?v=`));
    // plain text, cut at a word
    expect(excel.summary.startsWith('Formeln & Pivot-Tabellen lang lang')).toBe(true);
    expect(excel.summary.length).toBeLessThanOrEqual(200);
    expect(excel.summary.endsWith('…')).toBe(true);
    expect(excel.summary).not.toMatch(/[<>]/);
    // nothing a guest may not see: no owner e-mail, no bookings, no abilities
    expect(Object.keys(excel).sort()).toEqual(
      [
        'chapters_count',
        'created_at',
        'currency',
        'id',
        'image_url',
        'language',
        'price',
        'slug',
        'summary',
        'title',
        'trainer',
        'video_seconds',
      ].sort(),
    );
    const second = (await get('?page=2')).json();
    expect(second.data).toHaveLength(2);
    expect((await get('?page=3')).json()).toMatchObject({ data: [], total: 14, current_page: 3 });
  });

  it('is the same for guests and logged-in users', async () => {
    const trainer = await t.loginAs((await t.make.user({ scopes: ['trainer'] })).email);
    expect((await trainer.get('/api/seminars/catalogue')).json()).toEqual((await get()).json());
  });

  it('searches title and description, case-insensitive, wildcards taken literally', async () => {
    expect((await get('?q=EXCEL')).json().data.map((s: Card) => s.id)).toEqual([ids.excel]);
    expect((await get('?q=pivot')).json().data.map((s: Card) => s.id)).toEqual([ids.excel]);
    expect((await get(`?q=${encodeURIComponent('100%')}`)).json().data.map((s: Card) => s.id)).toEqual([
      ids.word,
    ]);
    expect((await get('?q=%25')).json().total).toBe(1);
    expect((await get('?q=_')).json().total).toBe(1);
    expect((await get('?q=nichts-davon')).json()).toMatchObject({ data: [], total: 0, last_page: 1 });
    // a blank search is none
    expect((await get('?q=%20%20')).json().total).toBe(14);
  });

  it('filters by price and language, also together with the search', async () => {
    expect((await get('?price=paid')).json().data.map((s: Card) => s.id)).toEqual([ids.excel]);
    expect((await get('?price=free')).json().total).toBe(13);
    expect((await get('?lang=en')).json().data.map((s: Card) => s.id)).toEqual([ids.word]);
    expect((await get('?lang=de&price=free')).json().total).toBe(12);
    expect((await get('?lang=en&q=excel')).json().total).toBe(0);
    // an empty value (a form's "any") and unknown parameters are no filter
    expect((await get('?price=&lang=&utm_source=x')).json().total).toBe(14);
  });

  it.each([
    ['a page of 0', '?page=0', 'page'],
    ['a page that is no number', '?page=zwei', 'page'],
    ['a fractional page', '?page=1.5', 'page'],
    ['a page beyond the limit', '?page=100001', 'page'],
    ['an unknown price filter', '?price=cheap', 'price'],
    ['an unknown language', '?lang=fr', 'lang'],
    ['a search over 200 characters', `?q=${'x'.repeat(201)}`, 'q'],
  ])('refuses %s with 422 (DESIGN section 4)', async (_name, query, field) => {
    const res = await get(query);
    expect(res.statusCode).toBe(422);
    const body = res.json();
    expect(body.errors).toHaveProperty(field);
    expect(typeof body.message).toBe('string');
  });

  it('answers the errors in the language asked for', async () => {
    const a = t.agent();
    a.lang = 'en';
    const res = await a.get('/api/seminars/catalogue?lang=fr');
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.lang[0]).toBe('The value is invalid.');
    expect((await get('?lang=fr')).json().errors.lang[0]).toBe('Der Wert ist ungültig.');
  });

  it('shows a change at once: a seminar made public, a new one, a language changed by its owner', async () => {
    const owner = await t.make.user({ scopes: ['trainer'] });
    const a = await t.loginAs(owner.email);
    expect((await get('?lang=en')).json().total).toBe(1);
    const form = multipart({ title: 'Access for beginners', is_public: '1', language: 'en' });
    const created = await a.post('/api/seminars', form.payload, { headers: form.headers });
    expect(created.statusCode).toBe(201);
    expect(created.json().language).toBe('en');
    const english = (await get('?lang=en')).json();
    expect(english.total).toBe(2);
    expect(english.data[0]).toMatchObject({ title: 'Access for beginners', language: 'en' });
    // an update without the language keeps it; with one changes it
    const keep = multipart({ title: 'Access for beginners', is_public: '1' });
    const kept = await a.post(`/api/seminars/update/${created.json().id}`, keep.payload, {
      headers: keep.headers,
    });
    expect(kept.json().language).toBe('en');
    const change = multipart({ title: 'Access für Einsteiger', is_public: '1', language: 'de' });
    await a.post(`/api/seminars/update/${created.json().id}`, change.payload, { headers: change.headers });
    expect((await get('?lang=en')).json().total).toBe(1);
    // a language outside de/en is refused
    const bad = multipart({ title: 'x', language: 'fr' });
    const refused = await a.post('/api/seminars', bad.payload, { headers: bad.headers });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toHaveProperty('language');
  });
});

describe('the catalogue on 10,000 seminars', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
    const trainer = await t.make.user({ scopes: ['trainer'] });
    await t.app.database.db.execute(sql`
      insert into seminars (slug, title, description, price, currency, language, is_public, owner_id, created_at)
      select 'bulk-' || g, 'Kurs ' || g, '<p>Beschreibung ' || g || '</p>', (g % 3) * 1000, 'CHF',
        case when g % 4 = 0 then 'en' else 'de' end, g % 10 <> 0, ${trainer.id},
        timestamp '2026-01-01' + g * interval '1 minute'
      from generate_series(1, 10000) g`);
  });
  afterAll(() => t.close());

  it('answers the first and the last page, filtered and searched, with the right totals', async () => {
    const get = async (q: string) => (await t.agent().get(`/api/seminars/catalogue${q}`)).json();
    const first = await get('');
    expect(first.total).toBe(9000);
    expect(first.data[0].title).toBe('Kurs 9999');
    const last = await get('?page=750');
    expect(last.data).toHaveLength(12);
    expect(last.data.at(-1).title).toBe('Kurs 1');
    expect((await get('?price=free&lang=en')).total).toBe(
      Array.from({ length: 10000 }, (_, i) => i + 1).filter((g) => g % 10 !== 0 && g % 3 === 0 && g % 4 === 0)
        .length,
    );
    expect((await get('?q=kurs%20999')).total).toBe(10);
  });

  it('reads a page in two queries (the page and the count), a second guest from the cache', async () => {
    const guest = t.agent();
    const before = t.app.database.queryCount();
    const res = await guest.get('/api/seminars/catalogue?page=400&price=paid');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toHaveLength(12);
    expect(t.app.database.queryCount() - before).toBe(2);
    const again = t.app.database.queryCount();
    await t.agent().get('/api/seminars/catalogue?page=400&price=paid');
    expect(t.app.database.queryCount() - again).toBe(0);
  });
});

describe('plainText', () => {
  it.each([
    ['<p>a</p><p>b</p>', 'a b'],
    ['<p>x &lt;script&gt; &amp; &quot;y&quot; &#39;z&#39;</p>', 'x <script> & "y" \'z\''],
    ['<p>cut in a tag <a href="https://ex', 'cut in a tag'],
    ['', ''],
  ])('%s', (html, text) => {
    expect(plainText(html, 200)).toBe(text);
  });
  it('cuts at a word and ends with an ellipsis', () => {
    expect(plainText('<p>eins zwei drei vier</p>', 12)).toBe('eins zwei…');
    expect(plainText('x'.repeat(30), 10)).toBe(`${'x'.repeat(9)}…`);
  });
});
