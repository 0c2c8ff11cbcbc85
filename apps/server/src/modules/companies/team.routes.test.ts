import { localDateOf } from '@elearn/shared';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Agent, buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { companyFixtures } from '../../test/company-fixtures.ts';
import { seminarFixtures } from '../../test/fixtures.ts';

const DAY_MS = 86_400_000;

/** the calendar day `n` days from the clock's day in Zurich */
const dayFrom = (clock: number, n: number) => {
  const [y, m, d] = localDateOf(new Date(clock)).split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d) + n * DAY_MS).toISOString().slice(0, 10);
};

interface TeamRowJson {
  user: { id: number; first_name: string; last_name: string; email: string };
  seminar: { id: number; title: string };
  percent: number;
  last_activity: string | null;
  best_result: number | null;
  completed_at: string | null;
  certificate: { code: string } | null;
  due_date: string | null;
  state: string;
}
interface TeamPageJson {
  data: TeamRowJson[];
  total: number;
  per_page: number;
  next: string | null;
  prev: string | null;
}

describe('due dates of assignments and the team view (issue 36 items 5 and 7)', () => {
  let t: TestApp;
  let clock = Date.now();
  let companyId: number;
  let otherCompanyId: number;
  let manager: Agent;
  let otherManager: Agent;
  let admin: Agent;
  let trainer: Agent;
  let employee: Agent;
  /** employees: Anna Aebi (e1), Beat Brunner (e2), Carla Christen (e3, not assigned) */
  const ids = { e1: 0, e2: 0, e3: 0 };
  let s1: { id: number; title: string };
  let s2: { id: number; title: string };
  let s2Chapter: number;

  beforeAll(async () => {
    // sessions outlive the clock's jumps of a few days
    t = await buildTestApp(
      { rateLimitFactor: 1000, sessionIdleMinutes: 60 * 24 * 30, sessionAbsoluteHours: 24 * 365 },
      { now: () => clock },
    );
    const fx = seminarFixtures(t.app);
    const cfx = companyFixtures(t.app);
    const tr = await t.make.user({ scopes: ['trainer'] });
    trainer = await t.loginAs(tr.email);
    admin = await t.loginAs((await t.make.user({ scopes: ['admin'] })).email);
    const c = await t.make.company('Team AG');
    const other = await t.make.company('Andere AG');
    companyId = c.id;
    otherCompanyId = other.id;
    const m = await t.make.user({ scopes: ['corporateTraining'] });
    const om = await t.make.user({ scopes: ['corporateTraining'] });
    await t.make.member(c.id, m.id, true);
    await t.make.member(other.id, om.id, true);
    manager = await t.loginAs(m.email);
    otherManager = await t.loginAs(om.email);
    const db = t.app.database.db;
    const { users } = await import('../../db/schema/index.ts');
    const { eq } = await import('drizzle-orm');
    for (const [key, first, last] of [
      ['e1', 'Anna', 'Aebi'],
      ['e2', 'Beat', 'Brunner'],
      ['e3', 'Carla', 'Christen'],
    ] as const) {
      const u = await t.make.user({ email: `${first.toLowerCase()}.${Date.now().toString(36)}@team.test` });
      await db.update(users).set({ firstName: first, lastName: last }).where(eq(users.id, u.id));
      await t.make.member(c.id, u.id);
      ids[key] = u.id;
      if (key === 'e1') employee = await t.loginAs(u.email);
    }
    s1 = await fx.seminar(tr.id, { title: 'Arbeitssicherheit' });
    await fx.chapter(s1.id);
    await fx.chapter(s1.id);
    s2 = await fx.seminar(tr.id, { title: 'Brandschutz' });
    s2Chapter = (await fx.chapter(s2.id)).id;
    await cfx.booking(c.id, s1.id, [ids.e1, ids.e2]);
    await cfx.booking(c.id, s2.id, [ids.e1]);
  });
  afterAll(() => t.close());

  const setDue = (agent: Agent, body: Record<string, unknown>, id = companyId) =>
    agent.put(`/api/companies/${id}/assignments/due-date`, body);
  const team = async (query = '', agent = manager) => {
    const res = await agent.get(`/api/companies/${companyId}/team${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as TeamPageJson;
  };

  it('a manager sets, changes and clears a due date; the answer says its state; audited', async () => {
    const in10 = dayFrom(clock, 10);
    let res = await setDue(manager, { user_id: ids.e1, seminar_id: s1.id, due_date: in10 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ user_id: ids.e1, seminar_id: s1.id, due_date: in10, state: 'due' });
    const in3 = dayFrom(clock, 3);
    res = await setDue(manager, { user_id: ids.e1, seminar_id: s1.id, due_date: in3 });
    expect(res.json()).toMatchObject({ due_date: in3, state: 'due_soon' });
    // today is allowed: due by its end
    res = await setDue(manager, { user_id: ids.e2, seminar_id: s1.id, due_date: dayFrom(clock, 0) });
    expect(res.json()).toMatchObject({ state: 'due_soon' });
    res = await setDue(manager, { user_id: ids.e2, seminar_id: s1.id, due_date: null });
    expect(res.json()).toEqual({ user_id: ids.e2, seminar_id: s1.id, due_date: null, state: 'none' });
    // the employee table of the seminar shows the due date
    const list = (await manager.get(`/api/seminars/${s1.id}/users/booked-company`)).json().data as {
      user: { id: number };
      due_date: string | null;
    }[];
    expect(list.find((a) => a.user.id === ids.e1)?.due_date).toBe(in3);
    expect(list.find((a) => a.user.id === ids.e2)?.due_date).toBeNull();
    // audited: who, which assignment, before and after
    const audit = (await admin.get('/api/admin/audit?action=assignment.due_date_set')).json() as {
      data: { target_id: number; before: unknown; after: { due_date: string | null; seminar_id: number } }[];
    };
    const mine = audit.data.filter((e) => e.target_id === ids.e1);
    expect(mine.length).toBe(2);
    expect(mine.map((e) => e.after.due_date).sort()).toEqual([in10, in3].sort());
    expect(mine.some((e) => JSON.stringify(e.before) === JSON.stringify({ due_date: in10 }))).toBe(true);
  });

  it('refuses a date that is not one, a day in the past, and an employee not assigned, each clearly', async () => {
    for (const bad of ['2025-02-30', 'morgen', '2025-1-5', 20250105]) {
      const res = await setDue(manager, { user_id: ids.e1, seminar_id: s1.id, due_date: bad });
      expect(res.statusCode, String(bad)).toBe(422);
      expect(Object.keys(res.json().errors)).toEqual(['due_date']);
    }
    let res = await setDue(manager, { user_id: ids.e1, seminar_id: s1.id, due_date: dayFrom(clock, -1) });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.due_date).toEqual([
      'Das Fälligkeitsdatum darf nicht in der Vergangenheit liegen.',
    ]);
    res = await setDue(manager, { user_id: ids.e3, seminar_id: s1.id, due_date: dayFrom(clock, 5) });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('assignment.not_assigned');
    res = await manager.put(
      `/api/companies/${companyId}/assignments/due-date`,
      { user_id: ids.e3, seminar_id: s1.id, due_date: dayFrom(clock, 5) },
      { headers: { 'accept-language': 'en' } },
    );
    expect(res.json().message).toBe('This person is not assigned to the seminar in this company.');
    // missing field, unknown field
    res = await setDue(manager, { user_id: ids.e1, seminar_id: s1.id });
    expect(res.statusCode).toBe(422);
    res = await setDue(manager, { user_id: ids.e1, seminar_id: s1.id, due_date: null, x: 1 });
    expect(res.statusCode).toBe(422);
  });

  it('only the company’s managers and admins set due dates: 404 unknown company, 403 others', async () => {
    const body = { user_id: ids.e1, seminar_id: s1.id, due_date: dayFrom(clock, 20) };
    expect((await setDue(employee, body)).statusCode).toBe(403);
    expect((await setDue(otherManager, body)).statusCode).toBe(403);
    expect((await setDue(trainer, body)).statusCode).toBe(403);
    expect((await setDue(manager, body, 999_999)).statusCode).toBe(404);
    expect((await setDue(t.agent(), body)).statusCode).toBe(401);
    // the other manager's own company has no such assignment
    expect((await setDue(otherManager, body, otherCompanyId)).statusCode).toBe(404);
    // an admin may (setting the date it had)
    const res = await setDue(admin, { ...body, due_date: dayFrom(clock, 3) });
    expect(res.statusCode).toBe(200);
    expect(res.json().due_date).toBe(dayFrom(clock, 3));
  });

  it('sets the due date when assigning, for every employee named', async () => {
    const due = dayFrom(clock, 30);
    let res = await manager.post('/api/companies/assign-seminar', {
      users: [ids.e3],
      seminarId: s2.id,
      companyId,
      due_date: dayFrom(clock, -2),
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.due_date).toBeDefined();
    res = await manager.post('/api/companies/assign-seminar', {
      users: [ids.e3],
      seminarId: s2.id,
      companyId,
      due_date: due,
    });
    expect(res.statusCode, res.body).toBe(200);
    const page = await team(`?seminar_id=${s2.id}&q=christen`);
    expect(page.data.map((r) => [r.user.id, r.due_date, r.state])).toEqual([[ids.e3, due, 'due']]);
    // unassigned again: the rest of the suite counts on three assignments
    await manager.post('/api/companies/unassign-seminar', { users: [ids.e3], seminarId: s2.id, companyId });
  });

  it('lists every assignment by name and seminar with progress, due date and state', async () => {
    await setDue(manager, { user_id: ids.e1, seminar_id: s2.id, due_date: dayFrom(clock, 1) });
    const page = await team();
    expect(page.total).toBe(3);
    expect(page.data.map((r) => [r.user.last_name, r.seminar.title])).toEqual([
      ['Aebi', 'Arbeitssicherheit'],
      ['Aebi', 'Brandschutz'],
      ['Brunner', 'Arbeitssicherheit'],
    ]);
    const [a1] = page.data;
    expect(a1).toMatchObject({
      user: { id: ids.e1, first_name: 'Anna', last_name: 'Aebi' },
      percent: 0,
      last_activity: null,
      best_result: null,
      completed_at: null,
      certificate: null,
      due_date: dayFrom(clock, 3),
      state: 'due_soon',
    });
    expect(page.data[2]).toMatchObject({ due_date: null, state: 'none' });
    expect(page.prev).toBeNull();
    expect(page.next).toBeNull();
  });

  it('the state follows the clock (overdue) and the employee’s completion (done, with the certificate)', async () => {
    clock += 2 * DAY_MS;
    try {
      let page = await team('?state=overdue');
      expect(page.data.map((r) => [r.user.id, r.seminar.id])).toEqual([[ids.e1, s2.id]]);
      // the employee completes Brandschutz through the API
      const res = await employee.patch('/api/chapters/toggle/user', { chapterUser: s2Chapter, done: true });
      expect(res.statusCode, res.body).toBe(200);
      page = await team(`?seminar_id=${s2.id}`);
      const row = page.data[0]!;
      expect(row).toMatchObject({ percent: 100, state: 'done', due_date: dayFrom(clock, -1) });
      expect(row.completed_at).not.toBeNull();
      expect(row.certificate?.code).toEqual(expect.any(String));
      expect(row.last_activity).not.toBeNull();
      expect((await team('?state=done')).data.map((r) => r.seminar.id)).toEqual([s2.id]);
      expect((await team('?state=overdue')).total).toBe(0);
      // the owner's learners table shows the due date and state too
      const learners = (await trainer.get(`/api/progress/seminars/${s2.id}/learners`)).json() as {
        data: { user: { id: number }; due: unknown }[];
      };
      expect(learners.data.find((l) => l.user.id === ids.e1)?.due).toEqual({
        due_date: dayFrom(clock, -1),
        state: 'done',
      });
      const s1Learners = (await trainer.get(`/api/progress/seminars/${s1.id}/learners`)).json() as {
        data: { user: { id: number }; due: unknown }[];
      };
      expect(s1Learners.data.find((l) => l.user.id === ids.e1)?.due).toEqual({
        due_date: dayFrom(clock, 1),
        state: 'due_soon',
      });
      expect(s1Learners.data.find((l) => l.user.id === ids.e2)?.due).toBeNull();
    } finally {
      clock -= 2 * DAY_MS;
    }
  });

  it('filters by seminar, state and a search of name or e-mail', async () => {
    expect((await team(`?seminar_id=${s1.id}`)).data.map((r) => r.user.id)).toEqual([ids.e1, ids.e2]);
    expect((await team('?state=none')).data.map((r) => r.user.id)).toEqual([ids.e2]);
    expect((await team('?state=due_soon')).data.map((r) => r.user.id)).toEqual([ids.e1]);
    expect((await team('?q=BRUNNER')).data.map((r) => r.user.id)).toEqual([ids.e2]);
    expect((await team('?q=beat%20brun')).total).toBe(1);
    expect((await team('?q=anna.')).data.map((r) => r.seminar.id)).toEqual([s1.id, s2.id]);
    expect((await team('?q=%25')).total).toBe(0);
    const empty = await team(`?seminar_id=${s2.id}&state=none`);
    expect(empty).toEqual({ data: [], per_page: 20, total: 0, next: null, prev: null });
  });

  it('pages by keyset forwards and back, the same rows in the same order', async () => {
    const all = (await team()).data.map((r) => `${r.user.id}/${r.seminar.id}`);
    const p1 = await team('?per_page=1');
    expect(p1.total).toBe(3);
    expect(p1.prev).toBeNull();
    const p2 = await team(`?per_page=1&after=${p1.next}`);
    const p3 = await team(`?per_page=1&after=${p2.next}`);
    expect(p3.next).toBeNull();
    expect([p1, p2, p3].map((p) => `${p.data[0]!.user.id}/${p.data[0]!.seminar.id}`)).toEqual(all);
    const back = await team(`?per_page=1&before=${p3.prev}`);
    expect(back.data).toEqual(p2.data);
    const first = await team(`?per_page=2&before=${p3.prev}`);
    expect(first.data.map((r) => `${r.user.id}/${r.seminar.id}`)).toEqual(all.slice(0, 2));
    expect(first.prev).toBeNull();
    expect(first.next).not.toBeNull();
    // the last page straight away
    const lastPage = await team('?per_page=2&last=1');
    expect(lastPage.data.map((r) => `${r.user.id}/${r.seminar.id}`)).toEqual(all.slice(1));
    expect(lastPage.next).toBeNull();
    expect((await team(`?per_page=2&before=${lastPage.prev}`)).data.map((r) => r.user.id)).toEqual([ids.e1]);
  });

  it('refuses a cursor, state or page size it does not know (422)', async () => {
    for (const q of [
      '?after=bm90LWEta2V5',
      '?before=!!',
      '?state=late',
      '?per_page=0',
      '?per_page=101',
      '?last=yes',
    ]) {
      const res = await manager.get(`/api/companies/${companyId}/team${q}`);
      expect(res.statusCode, q).toBe(422);
      expect(res.json().errors).toBeDefined();
    }
  });

  it('the team view and its export: managers of the company and admins only', async () => {
    for (const path of ['team', 'team/export']) {
      expect((await employee.get(`/api/companies/${companyId}/${path}`)).statusCode).toBe(403);
      expect((await otherManager.get(`/api/companies/${companyId}/${path}`)).statusCode).toBe(403);
      expect((await trainer.get(`/api/companies/${companyId}/${path}`)).statusCode).toBe(403);
      expect((await t.agent().get(`/api/companies/${companyId}/${path}`)).statusCode).toBe(401);
      expect((await manager.get(`/api/companies/999999/${path}`)).statusCode).toBe(404);
      expect((await admin.get(`/api/companies/${companyId}/${path}`)).statusCode).toBe(200);
    }
    // the other manager sees their own, empty team
    expect((await otherManager.get(`/api/companies/${otherCompanyId}/team`)).json().total).toBe(0);
  });

  it('exports the filtered rows as .xlsx in the request’s language', async () => {
    const read = async (query: string, lang: string) => {
      const res = await manager.get(`/api/companies/${companyId}/team/export${query}`, {
        headers: { 'accept-language': lang },
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('spreadsheetml');
      expect(res.headers['content-disposition']).toMatch(
        /attachment; filename="Team AG team_\d{8}-\d{6}\.xlsx"/,
      );
      expect(res.headers['cache-control']).toBe('private, no-store');
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
      const sheet = wb.worksheets[0]!;
      const rows: unknown[][] = [];
      sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
      return { name: sheet.name, rows };
    };
    const de = await read('', 'de');
    expect(de.name).toBe('Team');
    expect(de.rows[0]).toEqual([
      'Name',
      'E-Mail',
      'Seminar',
      'Fortschritt (%)',
      'Letzte Aktivität',
      'Bestes Testergebnis (%)',
      'Abgeschlossen am',
      'Zertifikat',
      'Fällig am',
      'Status',
    ]);
    expect(de.rows.slice(1).map((r) => [r[0], r[2], r[8] ?? null, r[9]])).toEqual([
      ['Anna Aebi', 'Arbeitssicherheit', dayFrom(clock, 3), 'bald fällig'],
      ['Anna Aebi', 'Brandschutz', dayFrom(clock, 1), 'erledigt'],
      ['Beat Brunner', 'Arbeitssicherheit', null, 'ohne Termin'],
    ]);
    expect(de.rows[2]![3]).toBe(100);
    expect(de.rows[2]![7]).toEqual(expect.any(String));
    const en = await read(`?seminar_id=${s1.id}&q=brunner`, 'en');
    expect(en.rows[0]![0]).toBe('Name');
    expect(en.rows[0]![9]).toBe('State');
    expect(en.rows.slice(1).map((r) => [r[0], r[9]])).toEqual([['Beat Brunner', 'no due date']]);
  });
});
