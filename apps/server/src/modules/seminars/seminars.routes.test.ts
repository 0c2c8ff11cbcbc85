import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings, enrolments, seminars } from '../../db/schema/index.ts';
import { buildTestApp, multipart, type TestApp } from '../../test/build-test-app.ts';
import { PNG, seminarFixtures } from '../../test/fixtures.ts';

describe('seminars and free booking', () => {
  let t: TestApp;
  let fx: ReturnType<typeof seminarFixtures>;
  beforeAll(async () => {
    t = await buildTestApp();
    fx = seminarFixtures(t.app);
  });
  afterAll(() => t.close());

  const form = (fields: Record<string, string>, image?: Buffer) =>
    multipart(
      fields,
      image ? [{ field: 'image', filename: 'bild.png', type: 'image/png', data: image }] : [],
    );

  it('a trainer creates a seminar with an image; slug from the title, HTML sanitized', async () => {
    const trainer = await t.make.user({ scopes: ['trainer'] });
    const a = await t.loginAs(trainer.email);
    const f = form(
      {
        title: 'Führung & Kommunikation',
        description:
          '<p onclick="x()">Hallo<script>alert(1)</script> <a href="javascript:alert(1)">x</a></p>',
        price: '4900',
        is_public: '1',
      },
      PNG,
    );
    const res = await a.post('/api/seminars', f.payload, { headers: f.headers });
    expect(res.statusCode).toBe(201);
    const dto = res.json();
    expect(dto).toMatchObject({
      slug: 'fuehrung-and-kommunikation',
      price: 4900,
      currency: 'CHF',
      is_public: true,
    });
    expect(dto.description).toBe('<p>Hallo <a rel="noopener noreferrer">x</a></p>');
    expect(dto.abilities).toMatchObject({ edit: true, delete: true, play: true });
    const img = await a.get(dto.image_url);
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/png');
    // a malformed multipart body (boundary of another form) is a 400, not a 500
    const broken = await a.post('/api/seminars', form({ title: 'a' }).payload, {
      headers: form({ title: 'b' }).headers,
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().code).toBe('bad_request');
    const f2 = form({ title: 'Führung & Kommunikation' });
    const second = await a.post('/api/seminars', f2.payload, { headers: f2.headers });
    expect(second.json().slug).toMatch(/^fuehrung-and-kommunikation-\d+$/);
  });

  it.each([
    ['missing title', { title: '' }, 'title'],
    ['negative price', { title: 'x', price: '-1' }, 'price'],
    ['price not a number', { title: 'x', price: 'abc' }, 'price'],
    ['company seminar without company', { title: 'x', isCompany: '1' }, 'company_id'],
    [
      'company seminar for a company that does not exist',
      { title: 'x', isCompany: '1', company_id: '999999' },
      'company_id',
    ],
  ])('refuses %s with 422', async (_n, fields, field) => {
    const trainer = await t.make.user({ scopes: ['trainer'] });
    const a = await t.loginAs(trainer.email);
    const f = form(fields as Record<string, string>);
    const res = await a.post('/api/seminars', f.payload, { headers: f.headers });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toHaveProperty(field);
    expect(
      await t.app.database.db.select().from(seminars).where(eq(seminars.ownerId, trainer.id)),
    ).toHaveLength(0);
  });

  it('refuses a non-image as seminar image and keeps no file', async () => {
    const trainer = await t.make.user({ scopes: ['trainer'] });
    const a = await t.loginAs(trainer.email);
    const f = form({ title: 'Bild' }, Buffer.from('<svg onload=alert(1)></svg>'));
    const res = await a.post('/api/seminars', f.payload, { headers: f.headers });
    expect(res.statusCode).toBe(422);
    expect(res.json().code).toBe('media.type');
  });

  it('lists public seminars newest first, paginated, searchable; private and company seminars stay out', async () => {
    const trainer = await t.make.user({ scopes: ['trainer'] });
    const base = Date.now();
    const tag = `zebra${base}`;
    for (let i = 0; i < 5; i++) {
      await fx.seminar(trainer.id, { title: `${tag} ${i}`, createdAt: new Date(base + i * 1000) });
    }
    await fx.seminar(trainer.id, { title: `${tag} private`, isPublic: false });
    const co = await t.make.company();
    await fx.seminar(trainer.id, {
      title: `${tag} company`,
      isCompany: true,
      companyId: co.id,
      isPublic: true,
    });
    const a = t.agent();
    const page1 = (await a.get(`/api/seminars?q=${tag}&per_page=2`)).json();
    expect(page1).toMatchObject({ current_page: 1, last_page: 3, per_page: 2, total: 5 });
    expect(page1.data.map((s: { title: string }) => s.title)).toEqual([`${tag} 4`, `${tag} 3`]);
    const page3 = (await a.get(`/api/seminars?q=${tag}&per_page=2&page=3`)).json();
    expect(page3.data.map((s: { title: string }) => s.title)).toEqual([`${tag} 0`]);
    const all = (await a.get('/api/seminars?per_page=100')).json();
    expect(
      all.data.some((s: { title: string }) => s.title.includes('private') || s.title.includes('company')),
    ).toBe(false);
    // LIKE wildcards in q are literal
    expect((await a.get('/api/seminars?q=%25')).json().total).toBe(0);
    expect((await a.get('/api/seminars?per_page=1000')).statusCode).toBe(422);
  });

  it('the public page finds a public seminar by slug; a private one is 404 for strangers', async () => {
    const trainer = await t.make.user({ scopes: ['trainer'] });
    const pub = await fx.seminar(trainer.id);
    const priv = await fx.seminar(trainer.id, { isPublic: false });
    const guest = t.agent();
    expect((await guest.get(`/api/seminars/slug/${pub.slug}`)).json()).toMatchObject({
      id: pub.id,
      abilities: { book: true, play: false, booked: false },
    });
    expect((await guest.get(`/api/seminars/slug/${priv.slug}`)).statusCode).toBe(404);
    expect((await guest.get('/api/seminars/slug/no-such-slug')).statusCode).toBe(404);
  });

  it('free booking: once, idempotent; refused for priced, private and own seminars', async () => {
    const trainer = await t.make.user({ scopes: ['trainer'] });
    const student = await t.make.user();
    const free = await fx.seminar(trainer.id);
    const priced = await fx.seminar(trainer.id, { price: 1500 });
    const priv = await fx.seminar(trainer.id, { isPublic: false });
    const a = await t.loginAs(student.email);
    const first = await a.post('/api/booking/free', { seminarId: free.id });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({
      seminar_id: free.id,
      user_id: student.id,
      status: 'free',
      price: 0,
    });
    const second = await a.post('/api/booking/free', { seminarId: free.id });
    expect(second.statusCode).toBe(200);
    expect(second.json().id).toBe(first.json().id);
    const rows = await t.app.database.db.select().from(enrolments).where(eq(enrolments.userId, student.id));
    expect(rows).toMatchObject([{ source: 'free', seminarId: free.id }]);
    const paid = await a.post('/api/booking/free', { seminarId: priced.id });
    expect(paid.statusCode).toBe(409);
    expect(paid.json().code).toBe('booking.not_free');
    expect((await a.post('/api/booking/free', { seminarId: priv.id })).statusCode).toBe(404);
    const own = await (await t.loginAs(trainer.email)).post('/api/booking/free', { seminarId: free.id });
    expect(own.json().code).toBe('booking.own_seminar');
    expect((await a.post('/api/booking/free', { seminarId: 99999999 })).statusCode).toBe(404);
    expect((await a.post('/api/booking/free', { seminarId: 'abc' })).statusCode).toBe(422);
    // the booked list and the owner's booked users
    expect((await a.get('/api/seminars/booked-student')).json().map((s: { id: number }) => s.id)).toEqual([
      free.id,
    ]);
    const ownerView = (await (await t.loginAs(trainer.email)).get('/api/seminars/users/booked')).json();
    const entry = ownerView.find((s: { id: number }) => s.id === free.id);
    expect(entry.users_booked_seminars).toMatchObject([
      { id: student.id, email: student.email, status: 'free' },
    ]);
  });

  it('a free booking on a bought, priced seminar answers 409 booking.not_free and makes nothing', async () => {
    const trainer = await t.make.user({ scopes: ['trainer'] });
    const student = await t.make.user();
    const s = await fx.seminar(trainer.id, { price: 2500 });
    const [purchase] = await t.app.database.db
      .insert(bookings)
      .values({ seminarId: s.id, userId: student.id, status: 'paid', price: 2500, currency: 'CHF' })
      .returning();
    await t.app.database.db
      .insert(enrolments)
      .values({ seminarId: s.id, userId: student.id, source: 'purchase', bookingId: purchase!.id });
    const a = await t.loginAs(student.email);
    const res = await a.post('/api/booking/free', { seminarId: s.id });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'booking.not_free' });
    expect(
      await t.app.database.db.select().from(enrolments).where(eq(enrolments.seminarId, s.id)),
    ).toMatchObject([{ source: 'purchase', bookingId: purchase!.id }]);
    // a company seminar the learner is assigned to is no free booking either
    const company = await fx.seminar(trainer.id, { isCompany: true, bookedBy: [student.id] });
    const assigned = await a.post('/api/booking/free', { seminarId: company.id });
    expect(assigned.statusCode).toBe(409);
    expect(assigned.json().code).toBe('booking.not_free');
  });

  it('twenty concurrent free bookings of one user leave one booking', async () => {
    const trainer = await t.make.user({ scopes: ['trainer'] });
    const student = await t.make.user();
    const s = await fx.seminar(trainer.id);
    const a = await t.loginAs(student.email);
    const codes = await Promise.all(
      Array.from({ length: 20 }, () => a.post('/api/booking/free', { seminarId: s.id })),
    );
    expect(codes.every((r) => r.statusCode === 200 || r.statusCode === 201)).toBe(true);
    expect(codes.filter((r) => r.statusCode === 201)).toHaveLength(1);
    expect(
      await t.app.database.db.select().from(enrolments).where(eq(enrolments.seminarId, s.id)),
    ).toHaveLength(1);
  });

  it('deleting: 409 while booked, an admin may confirm; another trainer gets 403 and nothing changes', async () => {
    const trainer = await t.make.user({ scopes: ['trainer'] });
    const other = await t.make.user({ scopes: ['trainer'] });
    const admin = await t.make.user({ scopes: ['admin'] });
    const student = await t.make.user();
    const s = await fx.seminar(trainer.id, { bookedBy: [student.id] });
    const owner = await t.loginAs(trainer.email);
    const res = await owner.delete(`/api/seminars/${s.id}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('seminar.has_bookings');
    expect((await owner.delete(`/api/seminars/${s.id}?confirm=1`)).statusCode).toBe(409);
    expect((await (await t.loginAs(other.email)).delete(`/api/seminars/${s.id}`)).statusCode).toBe(403);
    expect(await t.app.database.db.select().from(seminars).where(eq(seminars.id, s.id))).toHaveLength(1);
    expect((await (await t.loginAs(admin.email)).delete(`/api/seminars/${s.id}?confirm=1`)).statusCode).toBe(
      204,
    );
    expect(await t.app.database.db.select().from(seminars).where(eq(seminars.id, s.id))).toHaveLength(0);
  });

  it('update and toggle by another trainer change nothing', async () => {
    const trainer = await t.make.user({ scopes: ['trainer'] });
    const other = await t.make.user({ scopes: ['trainer'] });
    const s = await fx.seminar(trainer.id, { title: 'Original' });
    const b = await t.loginAs(other.email);
    const f = form({ title: 'Hijacked' });
    expect((await b.post(`/api/seminars/update/${s.id}`, f.payload, { headers: f.headers })).statusCode).toBe(
      403,
    );
    expect((await b.patch('/api/seminars/tooglePublic', { id: s.id })).statusCode).toBe(403);
    const [row] = await t.app.database.db.select().from(seminars).where(eq(seminars.id, s.id));
    expect(row).toMatchObject({ title: 'Original', isPublic: true, ownerId: trainer.id });
    // the owner can, and owner_id cannot be mass-assigned
    const a = await t.loginAs(trainer.email);
    const f2 = form({ title: 'Neu', owner_id: String(other.id), is_public: '0' });
    const res = await a.post(`/api/seminars/update/${s.id}`, f2.payload, { headers: f2.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ title: 'Neu', is_public: false, owner: { id: trainer.id } });
    expect((await a.patch('/api/seminars/tooglePublic', { id: s.id })).json().is_public).toBe(true);
  });

  it('rise lists the public seminars most booked in the last 30 days', async () => {
    const trainer = await t.make.user({ scopes: ['trainer'] });
    const students = await Promise.all([t.make.user(), t.make.user(), t.make.user()]);
    const hot = await fx.seminar(trainer.id, { bookedBy: students.map((s) => s.id), title: 'Hot' });
    const warm = await fx.seminar(trainer.id, { bookedBy: [students[0]!.id], title: 'Warm' });
    const list = (await t.agent().get('/api/seminars/rise')).json() as { id: number }[];
    const ids = list.map((s) => s.id);
    expect(ids.indexOf(hot.id)).toBeGreaterThanOrEqual(0);
    expect(ids.indexOf(hot.id)).toBeLessThan(ids.indexOf(warm.id));
  });

  it('a trainer has a public profile with public seminars; students have none', async () => {
    const trainer = await t.make.user({ scopes: ['trainer'] });
    const student = await t.make.user();
    const pub = await fx.seminar(trainer.id);
    await fx.seminar(trainer.id, { isPublic: false });
    const res = await t.agent().get(`/api/users/profile/${trainer.username.toUpperCase()}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().seminars.map((s: { id: number }) => s.id)).toEqual([pub.id]);
    expect(res.json()).not.toHaveProperty('email');
    expect((await t.agent().get(`/api/users/profile/${student.username}`)).statusCode).toBe(404);
    // an admin (or any account without the trainer scope) has no public profile (issue 11 item 20)
    const admin = await t.make.user({ scopes: ['admin'] });
    expect((await t.agent().get(`/api/users/profile/${admin.username}`)).statusCode).toBe(404);
  });
});
