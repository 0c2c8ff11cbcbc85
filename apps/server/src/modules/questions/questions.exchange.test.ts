import { readFileSync } from 'node:fs';
import { QUESTION_IMPORT_MAX_BYTES, QUESTION_IMPORT_MAX_QUESTIONS } from '@elearn/shared';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { questions } from '../../db/schema/index.ts';
import { type Agent, buildTestApp, multipart, type TestApp } from '../../test/build-test-app.ts';
import { questionsRepository } from './questions.repository.ts';

const fixture = (name: string) =>
  readFileSync(new URL(`./exchange/fixtures/${name}`, import.meta.url), 'utf8');

/** Issue 37 items 3 and 6: categories of pool questions, import (preview, create) and export. */
describe('question pool: categories, import and export', () => {
  let t: TestApp;
  let trainer: Agent;
  let trainerId: number;
  let other: Agent;
  let otherId: number;
  let student: Agent;

  beforeAll(async () => {
    t = await buildTestApp({ rateLimitFactor: 100 });
    const tr = await t.make.user({ scopes: ['trainer'] });
    const ot = await t.make.user({ scopes: ['trainer'] });
    const st = await t.make.user();
    trainerId = tr.id;
    otherId = ot.id;
    [trainer, other, student] = await Promise.all([
      t.loginAs(tr.email),
      t.loginAs(ot.email),
      t.loginAs(st.email),
    ]);
  });
  afterAll(() => t.close());

  const db = () => t.app.database.db;
  const owned = async (ownerId: number) =>
    (await db().select({ n: count() }).from(questions).where(eq(questions.ownerId, ownerId)))[0]!.n;

  describe('categories', () => {
    it('stores a normalized path on create and update and filters a category with everything below it', async () => {
      const make = (label: string, category: string | null) =>
        other.post('/api/questions', { label, category, answers: [{ label: 'ja', correct: true }] });
      const a = await make('<p>Brand</p>', ' Sicherheit / Brandschutz ');
      expect(a.statusCode).toBe(201);
      expect(a.json().category).toBe('Sicherheit/Brandschutz');
      expect((await make('<p>Sicher</p>', 'Sicherheit')).json().category).toBe('Sicherheit');
      expect((await make('<p>Ähnlich</p>', 'Sicherheitstechnik')).json().category).toBe('Sicherheitstechnik');
      expect((await make('<p>Keine</p>', '  ')).json().category).toBeNull();
      const pct = await make('<p>Prozent</p>', '100%_sicher');
      expect(pct.json().category).toBe('100%_sicher');

      const list = async (category: string) =>
        (await other.get(`/api/questions?per_page=100&category=${encodeURIComponent(category)}`))
          .json()
          .data.map((q: { label: string }) => q.label)
          .sort();
      expect(await list('Sicherheit')).toEqual(['<p>Brand</p>', '<p>Sicher</p>']);
      expect(await list('Sicherheit/Brandschutz')).toEqual(['<p>Brand</p>']);
      // LIKE's wildcards are taken literally
      expect(await list('100%')).toEqual([]);
      expect(await list('100%_sicher')).toEqual(['<p>Prozent</p>']);

      const upd = await other.patch('/api/questions/update', {
        id: a.json().id,
        label: '<p>Brand</p>',
        category: 'Neu/Ebene',
      });
      expect(upd.json().category).toBe('Neu/Ebene');
      const cleared = await other.patch('/api/questions/update', {
        id: a.json().id,
        label: '<p>Brand</p>',
        category: null,
      });
      expect(cleared.json().category).toBeNull();
    });

    it.each([
      ['an empty level', 'Sicherheit//Brand', 'Invalid category: levels are separated by /'],
      ['a leading slash', '/Sicherheit', 'Invalid category: levels are separated by /'],
      ['a control character', 'Sicher\theit', 'Invalid category: levels are separated by /'],
      ['too many levels', Array.from({ length: 11 }, (_, i) => `L${i}`).join('/'), 'at most 10 levels'],
      ['too long', 'x'.repeat(256), 'at most 255 characters'],
      ['not a string', 42, 'Invalid category'],
    ])('refuses %s with 422 in both languages', async (_what, category, english) => {
      const body = { label: '<p>Q</p>', category, answers: [] };
      const de = await trainer.post('/api/questions', body);
      expect(de.statusCode).toBe(422);
      const deMessage = de.json().errors.category[0] as string;
      expect(deMessage).not.toContain(english);
      expect(deMessage).toMatch(/Kategorie|höchstens/);
      const enRes = await trainer.post('/api/questions', body, { headers: { 'accept-language': 'en' } });
      expect(enRes.statusCode).toBe(422);
      expect(enRes.json().errors.category[0]).toContain(english);
    });

    it('lists the caller categories with their ancestors, counted with everything below, parents first', async () => {
      const res = await other.get('/api/questions/categories');
      expect(res.statusCode).toBe(200);
      // "Brand" moved to Neu/Ebene and then lost its category in the test before
      expect(res.json().data).toEqual([
        { path: '100%_sicher', count: 1 },
        { path: 'Sicherheit', count: 1 },
        { path: 'Sicherheitstechnik', count: 1 },
      ]);
      await other.post('/api/questions', {
        label: '<p>Tief</p>',
        category: 'Sicherheit/Brand/Öl',
        answers: [{ label: 'ja', correct: true }],
      });
      const deeper = (await other.get('/api/questions/categories')).json().data;
      expect(deeper.map((c: { path: string; count: number }) => [c.path, c.count])).toEqual([
        ['100%_sicher', 1],
        ['Sicherheit', 2],
        ['Sicherheit/Brand', 1],
        ['Sicherheit/Brand/Öl', 1],
        ['Sicherheitstechnik', 1],
      ]);
      expect((await trainer.get('/api/questions/categories')).json().data).toEqual([]);
      expect((await student.get('/api/questions/categories')).statusCode).toBe(403);
    });

    it('lists one owner’s pool (what their tests draw from) for the owner and an admin; 404 for another trainer, 422 for a bad id', async () => {
      const ad = await t.make.user({ scopes: ['admin'] });
      const admin = await t.loginAs(ad.email);
      const own = await trainer.post('/api/questions', {
        label: '<p>Eigen</p>',
        category: 'Eigen/Kat',
        answers: [{ label: 'ja', correct: true }],
      });
      const paths = async (agent: Agent, query = '') => {
        const res = await agent.get(`/api/questions/categories${query}`);
        expect(res.statusCode).toBe(200);
        return res.json().data.map((c: { path: string; count: number }) => `${c.path} ${c.count}`);
      };
      const others = [
        '100%_sicher 1',
        'Sicherheit 2',
        'Sicherheit/Brand 1',
        'Sicherheit/Brand/Öl 1',
        'Sicherheitstechnik 1',
      ];
      // an admin editing a trainer's test: that trainer's pool only
      expect(await paths(admin, `?owner_id=${otherId}`)).toEqual(others);
      expect(await paths(admin, `?owner_id=${trainerId}`)).toEqual(['Eigen 1', 'Eigen/Kat 1']);
      // an admin's own test draws from the admin's own pool; without owner_id, every category (the pool filter)
      expect(await paths(admin, `?owner_id=${ad.id}`)).toEqual([]);
      expect(await paths(admin)).toEqual(expect.arrayContaining(['Eigen 1', 'Sicherheit 2']));
      expect(await paths(other, `?owner_id=${otherId}`)).toEqual(others);
      const foreign = await trainer.get(`/api/questions/categories?owner_id=${otherId}`);
      expect(foreign.statusCode).toBe(404);
      for (const bad of ['abc', '0', '1e3']) {
        const res = await trainer.get(`/api/questions/categories?owner_id=${bad}`);
        expect(`${bad}: ${res.statusCode}`).toBe(`${bad}: 422`);
        expect(res.json().errors.owner_id).toBeDefined();
      }
      expect((await trainer.delete(`/api/questions/${own.json().id}`)).statusCode).toBe(204);
    });

    it('refuses an invalid category filter with 422', async () => {
      const res = await trainer.get('/api/questions?category=a//b');
      expect(res.statusCode).toBe(422);
      expect(res.json().errors.category).toBeDefined();
    });
  });

  describe('import', () => {
    it('previews a Moodle XML file without creating anything', async () => {
      const before = await owned(trainerId);
      const res = await trainer.post('/api/questions/import/preview', { content: fixture('pool.xml') });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.format).toBe('moodle-xml');
      expect(body.questions).toHaveLength(4);
      expect(body.questions[0]).toMatchObject({ name: 'Extinguisher', points: 2, category: 'Safety/Fire' });
      expect(body.skipped.map((s: { type: string }) => s.type)).toEqual(['essay', 'shortanswer']);
      expect(await owned(trainerId)).toBe(before);
    });

    it('imports a GIFT file sent as multipart: every importable question with its answers, in the caller pool', async () => {
      const before = await owned(trainerId);
      const form = multipart({}, [
        {
          field: 'file',
          filename: 'pool.gift.txt',
          type: 'text/plain',
          data: Buffer.from(fixture('pool.gift.txt')),
        },
      ]);
      const res = await trainer.post('/api/questions/import', form.payload, { headers: form.headers });
      expect(res.statusCode).toBe(201);
      const body = res.json();
      expect(body).toMatchObject({ format: 'gift', created: 4 });
      expect(body.skipped).toHaveLength(4);
      expect(await owned(trainerId)).toBe(before + 4);
      const listed = await trainer.get(
        `/api/questions?per_page=100&category=${encodeURIComponent('Sicherheit/Erste Hilfe')}`,
      );
      const notruf = listed.json().data.find((q: { label: string }) => q.label.includes('144'));
      expect(
        notruf.answers.map((a: { label: string; correct: boolean; explanation: string | null }) => [
          a.label,
          a.correct,
          a.explanation,
        ]),
      ).toEqual([
        ['Wahr', true, 'Richtig.'],
        ['Falsch', false, 'Doch, 144 ist der Sanitätsnotruf.'],
      ]);
      expect(notruf.explanation).toBe('112 gilt europaweit.');
    });

    it('refuses a malformed file with line and column, creating nothing (422, both languages)', async () => {
      const before = await owned(trainerId);
      const content = '::A:: eins {=ja ~nein}\n\n::B:: zwei {=ja ~nein\n';
      const res = await trainer.post('/api/questions/import', { content, format: 'gift' });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors.file[0]).toContain('Zeile 3, Spalte 12');
      const xml = await trainer.post(
        '/api/questions/import/preview',
        { content: '<quiz>\n<question type="multichoice">\n</quiz>' },
        { headers: { 'accept-language': 'en' } },
      );
      expect(xml.statusCode).toBe(422);
      expect(xml.json().errors.file[0]).toMatch(/^The file cannot be read \(line \d+, column \d+\)/);
      expect(await owned(trainerId)).toBe(before);
    });

    it('refuses a file without importable questions, an empty one, an unknown format and a missing file', async () => {
      const none = await trainer.post('/api/questions/import', { content: '::E:: Aufsatz {}' });
      expect(none.statusCode).toBe(422);
      expect(none.json().errors.file[0]).toContain('keine Frage');
      const empty = await trainer.post('/api/questions/import/preview', { content: '   ' });
      expect(empty.statusCode).toBe(422);
      const format = await trainer.post('/api/questions/import/preview', { content: 'x', format: 'qti' });
      expect(format.statusCode).toBe(422);
      expect(format.json().errors.format).toBeDefined();
      const form = multipart({ format: 'gift' });
      const missing = await trainer.post('/api/questions/import/preview', form.payload, {
        headers: form.headers,
      });
      expect(missing.statusCode).toBe(422);
      expect(missing.json().errors.file[0]).toContain('Datei');
    });

    it('refuses a file over the size limit with 413 and one with too many questions with 422', async () => {
      const big = Buffer.alloc(QUESTION_IMPORT_MAX_BYTES + 10, 'a');
      const form = multipart({}, [{ field: 'file', filename: 'big.txt', type: 'text/plain', data: big }]);
      const res = await trainer.post('/api/questions/import/preview', form.payload, {
        headers: form.headers,
      });
      expect(res.statusCode).toBe(413);
      expect(res.json().message).toContain('10 MB');
      const many = Array.from({ length: QUESTION_IMPORT_MAX_QUESTIONS + 1 }, (_, i) => `F${i}{T}`).join(
        '\n\n',
      );
      const tooMany = await trainer.post('/api/questions/import/preview', { content: many });
      expect(tooMany.statusCode).toBe(422);
      expect(tooMany.json().errors.file[0]).toContain(String(QUESTION_IMPORT_MAX_QUESTIONS));
    });

    it('writes an import in one transaction: a failing row leaves nothing behind', async () => {
      const before = await owned(trainerId);
      const list = Array.from({ length: 600 }, (_, i) => ({
        label: `<p>Q${i}</p>`,
        // the database refuses points 0 (questions_points_positive): the second chunk fails
        points: i === 550 ? 0 : null,
        explanation: null,
        category: null,
        answers: [{ label: 'a', correct: true, explanation: null }],
      }));
      await expect(
        db().transaction((tx) => questionsRepository.insertImported(tx, trainerId, list)),
      ).rejects.toThrow();
      expect(await owned(trainerId)).toBe(before);
    });

    it('is for trainers and admins only', async () => {
      const res = await student.post('/api/questions/import/preview', { content: '::A:: x {T}' });
      expect(res.statusCode).toBe(403);
    });
  });

  describe('export', () => {
    it('exports the caller pool (optionally one category) and re-imports it as equal questions', async () => {
      const exportedBy = (agent: Agent, query: string) => agent.get(`/api/questions/export?${query}`);
      const xml = await exportedBy(other, 'format=moodle-xml');
      expect(xml.statusCode).toBe(200);
      expect(xml.headers['content-type']).toContain('application/xml');
      expect(xml.headers['content-disposition']).toMatch(/attachment; filename="questions-.*\.xml"/);
      expect(xml.body).not.toContain('Feuerlöscher');
      const gift = await exportedBy(other, `format=gift&category=${encodeURIComponent('Sicherheit')}`);
      expect(gift.statusCode).toBe(200);
      expect(gift.body).toContain('$CATEGORY: $course$/top/Sicherheit\n');
      expect(gift.body).toContain('::Sicher::[html]<p>Sicher</p>{');
      // a sibling whose name only starts alike is not below the category
      expect(gift.body).not.toContain('Ähnlich');

      const pool = (await other.get('/api/questions?per_page=100')).json().data;
      type Q = {
        label: string;
        points: number | null;
        explanation: string | null;
        category: string | null;
        answers: { label: string; correct: boolean; explanation: string | null }[];
      };
      const shape = (q: Q, points = true) => ({
        label: q.label,
        ...(points ? { points: q.points } : {}),
        explanation: q.explanation,
        category: q.category,
        answers: q.answers.map((a) => ({ label: a.label, correct: a.correct, explanation: a.explanation })),
      });
      const sort = (l: ReturnType<typeof shape>[]) => [...l].sort((a, b) => a.label.localeCompare(b.label));
      const back = await trainer.post('/api/questions/import/preview', { content: xml.body });
      expect(back.json().skipped).toEqual([]);
      expect(sort(back.json().questions.map((q: Q) => shape(q)))).toEqual(sort(pool.map((q: Q) => shape(q))));
      // the import itself, not only its preview: a trainer of their own gets the same questions in the pool
      const fresh = await t.make.user({ scopes: ['trainer'] });
      const importer = await t.loginAs(fresh.email);
      const created = await importer.post('/api/questions/import', { content: xml.body });
      expect(created.statusCode).toBe(201);
      const imported = (await importer.get('/api/questions?per_page=100')).json().data as Q[];
      expect(sort(imported.map((q) => shape(q)))).toEqual(sort(pool.map((q: Q) => shape(q))));
      for (const id of created.json().question_ids as number[]) {
        expect((await importer.delete(`/api/questions/${id}`)).statusCode).toBe(204);
      }
      const allGift = await exportedBy(other, 'format=gift');
      const backGift = await trainer.post('/api/questions/import/preview', {
        content: allGift.body,
        format: 'gift',
      });
      expect(backGift.json().skipped).toEqual([]);
      expect(sort(backGift.json().questions.map((q: Q) => shape(q, false)))).toEqual(
        sort(pool.map((q: Q) => shape(q, false))),
      );
    });

    it('refuses an unknown format and an invalid category with 422', async () => {
      expect((await trainer.get('/api/questions/export?format=qti')).statusCode).toBe(422);
      expect((await trainer.get('/api/questions/export?format=gift&category=%2Fa')).statusCode).toBe(422);
      expect((await student.get('/api/questions/export?format=gift')).statusCode).toBe(403);
      expect(otherId).toBeGreaterThan(0);
    });
  });
});
