import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Agent, buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { companyFixtures } from '../../test/company-fixtures.ts';
import { seminarFixtures } from '../../test/fixtures.ts';

interface Entry {
  id: number;
  unlocked: number;
  content?: string;
  sub_chapters: Entry[];
}
const sub = (tree: Entry[], id: number) => tree.flatMap((c) => c.sub_chapters).find((c) => c.id === id);

/**
 * Issue 11 item 3: a sub-chapter of a locked chapter is locked everywhere a player meets it (the
 * player, the side menu, the to-dos, access links, files and the done toggle), by one rule
 * (`isChapterOpen` in packages/shared).
 */
describe('a locked chapter locks its sub-chapters', () => {
  let t: TestApp;
  let owner: Agent;
  let student: Agent;
  let world: {
    seminarId: number;
    lockedParent: number;
    lockedSub: number;
    lockedSubDoc: number;
    openSub: number;
    openSubDoc: number;
    token: string;
  };
  beforeAll(async () => {
    t = await buildTestApp();
    const fx = seminarFixtures(t.app);
    const trainer = await t.make.user({ scopes: ['trainer'] });
    const s = await t.make.user();
    const employee = await t.make.user();
    owner = await t.loginAs(trainer.email);
    student = await t.loginAs(s.email);
    const seminar = await fx.seminar(trainer.id, { bookedBy: [s.id] });
    // a locked chapter with an unlocked sub-chapter, and an open chapter with an unlocked one
    const lockedParent = await fx.chapter(seminar.id, { unlocked: false, position: 0 });
    const lockedSub = await fx.chapter(seminar.id, { parentId: lockedParent.id, position: 0 });
    const open = await fx.chapter(seminar.id, { position: 1 });
    const openSub = await fx.chapter(seminar.id, { parentId: open.id, position: 0 });
    const company = await t.make.company();
    await t.make.member(company.id, employee.id);
    const { assigned } = await companyFixtures(t.app).booking(company.id, seminar.id, [employee.id]);
    const { token } = await companyFixtures(t.app).link(assigned[0]!.bookingId);
    world = {
      seminarId: seminar.id,
      lockedParent: lockedParent.id,
      lockedSub: lockedSub.id,
      lockedSubDoc: (await fx.doc(lockedSub.id)).id,
      openSub: openSub.id,
      openSubDoc: (await fx.doc(openSub.id)).id,
      token,
    };
  });
  afterAll(() => t.close());

  it('shows it locked in the player and the side menu, as the owner sees its own flag', async () => {
    const player = (await student.get(`/api/chapters/seminar-booked/${world.seminarId}`)).json() as Entry[];
    expect(sub(player, world.lockedSub)).toMatchObject({ unlocked: 0, content: '' });
    expect(sub(player, world.openSub)).toMatchObject({ unlocked: 1 });

    const menu = (await student.get(`/api/chapters?seminar_id=${world.seminarId}`)).json() as Entry[];
    expect(menu.find((c) => c.id === world.lockedParent)?.unlocked).toBe(0);
    expect(sub(menu, world.lockedSub)?.unlocked).toBe(0);
    expect(sub(menu, world.openSub)?.unlocked).toBe(1);

    const ownerMenu = (await owner.get(`/api/chapters?seminar_id=${world.seminarId}`)).json() as Entry[];
    expect(sub(ownerMenu, world.lockedSub)?.unlocked).toBe(1);
  });

  it('leaves it out of the to-dos', async () => {
    const todos = (await student.get('/api/todos')).json() as {
      seminar: { id: number };
      total: number;
      open_chapters: { id: number }[];
    }[];
    const entry = todos.find((x) => x.seminar.id === world.seminarId);
    const ids = entry?.open_chapters.map((c) => c.id) ?? [];
    expect(ids).toContain(world.openSub);
    expect(ids).not.toContain(world.lockedSub);
    expect(entry?.total).toBe(2);
  });

  it('refuses its done mark and its files, also through an access link', async () => {
    const done = await student.patch('/api/chapters/toggle/user', {
      chapterUser: world.lockedSub,
      done: true,
    });
    expect(done.statusCode).toBe(403);
    expect(done.json().code).toBe('chapter.locked');
    expect((await student.get(`/api/chapters/doc/${world.lockedSubDoc}/download`)).statusCode).toBe(403);
    expect((await student.get(`/api/chapters/doc/${world.openSubDoc}/download`)).statusCode).toBe(200);

    const guest = t.agent();
    const link = await guest.get(`/api/companies/access-link/${world.token}`);
    expect(link.statusCode).toBe(200);
    expect(sub(link.json().chapters, world.lockedSub)).toMatchObject({ unlocked: 0, content: '' });
    const q = `?access_link=${world.token}`;
    expect((await guest.get(`/api/chapters/doc/${world.lockedSubDoc}/download${q}`)).statusCode).toBe(403);
    expect((await guest.get(`/api/chapters/doc/${world.openSubDoc}/download${q}`)).statusCode).toBe(200);
  });

  it('opens it with its parent', async () => {
    expect((await owner.patch('/api/chapters/toggle/locked', { id: world.lockedParent })).statusCode).toBe(
      200,
    );
    const menu = (await student.get(`/api/chapters?seminar_id=${world.seminarId}`)).json() as Entry[];
    expect(sub(menu, world.lockedSub)?.unlocked).toBe(1);
    const todos = (await student.get('/api/todos')).json() as { open_chapters: { id: number }[] }[];
    expect(todos.flatMap((x) => x.open_chapters.map((c) => c.id))).toContain(world.lockedSub);
    const done = await student.patch('/api/chapters/toggle/user', {
      chapterUser: world.lockedSub,
      done: true,
    });
    expect(done.statusCode).toBe(200);
  });
});
