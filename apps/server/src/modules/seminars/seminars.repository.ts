import { PGlite } from '@electric-sql/pglite';
import { and, desc, eq, getTableColumns, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { containsPattern, type Page, paged } from '../../db/query-helpers.ts';
import { chapters, chapterUsers, seminars, users } from '../../db/schema/index.ts';
import { holdsSql, holdsSqlText, personalLearnersCountSql } from '../enrolments/enrolments.sql.ts';
import { videoSecondsSql } from './seminars.video-length.ts';

export type SeminarRow = typeof seminars.$inferSelect;
export type NewSeminarRow = typeof seminars.$inferInsert;

// qualified explicitly: Drizzle renders columns of a one-table select without their table name
const seminarIdCol = sql.raw('"seminars"."id"');

/** A seminar with its owner and counts, as the DTO needs it (one query for any number of rows). */
export const seminarWithOwner = {
  seminar: seminars,
  owner: {
    id: users.id,
    username: users.username,
    firstName: users.firstName,
    lastName: users.lastName,
    avatarPath: users.avatarPath,
  },
  bookingsCount: personalLearnersCountSql(seminarIdCol),
  chaptersCount: sql<number>`(select count(*)::int from ${chapters} c where c.seminar_id = ${seminarIdCol})`,
  videoSeconds: videoSecondsSql(seminarIdCol),
};
export type SeminarListRow = {
  seminar: SeminarRow;
  owner: { id: number; username: string; firstName: string; lastName: string; avatarPath: string | null };
  bookingsCount: number;
  chaptersCount: number;
  videoSeconds: number | null;
};

const publicListed = and(eq(seminars.isPublic, true), eq(seminars.isCompany, false));
const search = (q: string | undefined) => {
  if (!q) return undefined;
  const like = containsPattern(q);
  return or(ilike(seminars.title, like), ilike(seminars.description, like));
};

// built once per database: the hot query of playing a seminar (bench: chapters of a booked seminar)
const forPlayStatements = new WeakMap<object, ReturnType<typeof buildForPlay>>();
function buildForPlay(db: DbOrTx) {
  const userId = sql.placeholder('userId');
  return db
    .select({
      seminar: seminars,
      booked: sql<boolean>`${holdsSql(seminarIdCol, userId)}`,
      doneIds: sql<number[]>`coalesce((select array_agg(cu.chapter_id) from ${chapterUsers} cu
        join ${chapters} c on c.id = cu.chapter_id where c.seminar_id = ${seminarIdCol} and cu.user_id = ${userId}),
        '{}'::int[])`,
    })
    .from(seminars)
    .where(eq(seminars.id, sql.placeholder('id')))
    .limit(1)
    .prepare('seminar_for_play');
}
function forPlayStatement(db: DbOrTx) {
  let statement = forPlayStatements.get(db);
  if (!statement) {
    statement = buildForPlay(db);
    forPlayStatements.set(db, statement);
  }
  return statement;
}

/**
 * On PGlite Drizzle's prepared statements are re-parsed and re-planned on every call (its driver
 * has no named statements), and planning cost more than running this query. PGlite is one
 * session, so a server-side `PREPARE` made once per database serves every later call; the two
 * arguments are validated integers, so writing them into `EXECUTE` is safe.
 */
/** per database: its PREPARE, made once (concurrent first calls share it; a failure is retried) */
const sqlPrepared = new WeakMap<object, Promise<void>>();
const seminarColumns = Object.entries(getTableColumns(seminars));
async function forPlayOnPglite(db: DbOrTx, id: number, userId: number) {
  if (!Number.isSafeInteger(id) || !Number.isSafeInteger(userId)) throw new TypeError('integer ids expected');
  let ready = sqlPrepared.get(db);
  if (!ready) {
    const columns = seminarColumns.map(([key, col]) => `s."${col.name}" as "${key}"`).join(', ');
    ready = db
      .execute(
        sql.raw(`prepare seminar_for_play_sql(int, int) as select ${columns},
        ${holdsSqlText('s.id', '$2')} as "__booked",
        coalesce((select array_agg(cu.chapter_id) from chapter_users cu join chapters c on c.id = cu.chapter_id
          where c.seminar_id = s.id and cu.user_id = $2), '{}'::int[]) as "__done"
        from seminars s where s.id = $1 limit 1`),
      )
      .then(() => undefined);
    sqlPrepared.set(db, ready);
    ready.catch(() => sqlPrepared.delete(db));
  }
  await ready;
  const result = await db.execute(sql.raw(`execute seminar_for_play_sql(${id}, ${userId})`));
  const row = (result as unknown as { rows: Record<string, unknown>[] }).rows[0];
  if (!row) return undefined;
  const seminar = Object.fromEntries(
    seminarColumns.map(([key, col]) => [key, row[key] == null ? null : col.mapFromDriverValue(row[key])]),
  ) as SeminarRow;
  return { seminar, booked: !!row.__booked, doneIds: ((row.__done as unknown[]) ?? []).map(Number) };
}
const isPglite = (db: DbOrTx) => '$client' in db && db.$client instanceof PGlite;

/** The only place that builds queries on seminars (grants: the enrolments module). */
export const seminarsRepository = {
  async findById(db: DbOrTx, id: number): Promise<SeminarRow | undefined> {
    const [row] = await db.select().from(seminars).where(eq(seminars.id, id)).limit(1);
    return row;
  },
  /** the seminar and whether `userId` holds an active booking of it, in one query */
  async findWithBooking(
    db: DbOrTx,
    id: number,
    userId: number | null,
  ): Promise<{ seminar: SeminarRow; booked: boolean } | undefined> {
    const [row] = await db
      .select({
        seminar: seminars,
        booked: userId === null ? sql<boolean>`false` : sql<boolean>`${holdsSql(seminarIdCol, userId)}`,
      })
      .from(seminars)
      .where(eq(seminars.id, id))
      .limit(1);
    return row ? { seminar: row.seminar, booked: !!row.booked } : undefined;
  },
  /**
   * For playing: the seminar, whether `userId` booked it, and the ids of its chapters the user
   * marked done, in one query (bench: GET /api/chapters/seminar-booked).
   */
  async findForPlay(
    db: DbOrTx,
    id: number,
    userId: number,
  ): Promise<{ seminar: SeminarRow; booked: boolean; doneIds: number[] } | undefined> {
    if (isPglite(db)) return forPlayOnPglite(db, id, userId);
    const [row] = await forPlayStatement(db).execute({ id, userId });
    return row
      ? { seminar: row.seminar, booked: !!row.booked, doneIds: (row.doneIds ?? []).map(Number) }
      : undefined;
  },

  async findListRow(db: DbOrTx, where: { id?: number; slug?: string }): Promise<SeminarListRow | undefined> {
    const [row] = await db
      .select(seminarWithOwner)
      .from(seminars)
      .innerJoin(users, eq(users.id, seminars.ownerId))
      .where(where.id !== undefined ? eq(seminars.id, where.id) : eq(seminars.slug, where.slug ?? ''))
      .limit(1);
    return row;
  },
  /**
   * One page of public seminars, newest first: the ids come from the partial index first, so the
   * counts and the owner are computed for the page's rows only (not for all 10,000).
   */
  async listPublic(
    db: DbOrTx,
    opts: { limit: number; offset: number; q?: string },
  ): Promise<SeminarListRow[]> {
    const page = await db
      .select({ id: seminars.id })
      .from(seminars)
      .where(and(publicListed, search(opts.q)))
      .orderBy(desc(seminars.createdAt), desc(seminars.id))
      .limit(opts.limit)
      .offset(opts.offset);
    return seminarsRepository.listByIds(
      db,
      page.map((p) => p.id),
    );
  },
  /** rows for the given ids, in the given order */
  async listByIds(db: DbOrTx, ids: number[]): Promise<SeminarListRow[]> {
    if (ids.length === 0) return [];
    const rows = await db
      .select(seminarWithOwner)
      .from(seminars)
      .innerJoin(users, eq(users.id, seminars.ownerId))
      .where(inArray(seminars.id, ids));
    const byId = new Map(rows.map((r) => [r.seminar.id, r]));
    return ids.map((id) => byId.get(id)).filter((r): r is SeminarListRow => r !== undefined);
  },
  /** the seminars made for a company (isCompany) and the given ones, newest first */
  async listForCompany(db: DbOrTx, companyId: number, alsoIds: number[]): Promise<SeminarListRow[]> {
    const forCompany = and(eq(seminars.isCompany, true), eq(seminars.companyId, companyId));
    return db
      .select(seminarWithOwner)
      .from(seminars)
      .innerJoin(users, eq(users.id, seminars.ownerId))
      .where(alsoIds.length > 0 ? or(forCompany, inArray(seminars.id, alsoIds)) : forCompany)
      .orderBy(desc(seminars.createdAt), desc(seminars.id));
  },
  async countPublic(db: DbOrTx, q?: string): Promise<number> {
    const [row] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(seminars)
      .where(and(publicListed, search(q)));
    return row?.n ?? 0;
  },
  /** the owner's seminars, newest first: all, or a page (issue 39) */
  async listByOwner(db: DbOrTx, ownerId: number, page?: Page): Promise<SeminarListRow[]> {
    const q = db
      .select(seminarWithOwner)
      .from(seminars)
      .innerJoin(users, eq(users.id, seminars.ownerId))
      .where(eq(seminars.ownerId, ownerId))
      .orderBy(desc(seminars.createdAt), desc(seminars.id));
    return page ? q.limit(page.limit).offset(page.offset) : q;
  },
  async listPublicByOwner(db: DbOrTx, ownerId: number): Promise<SeminarListRow[]> {
    return db
      .select(seminarWithOwner)
      .from(seminars)
      .innerJoin(users, eq(users.id, seminars.ownerId))
      .where(and(eq(seminars.ownerId, ownerId), publicListed))
      .orderBy(desc(seminars.createdAt), desc(seminars.id));
  },
  /** public seminars with the most active bookings made since `since` */
  async listRising(db: DbOrTx, since: Date, limit: number): Promise<SeminarListRow[]> {
    const recent = personalLearnersCountSql(seminarIdCol, since);
    return db
      .select(seminarWithOwner)
      .from(seminars)
      .innerJoin(users, eq(users.id, seminars.ownerId))
      .where(and(publicListed, sql`${recent} > 0`))
      .orderBy(desc(recent), desc(seminars.createdAt))
      .limit(limit);
  },
  async slugsLike(db: DbOrTx, base: string): Promise<Set<string>> {
    const rows = await db
      .select({ slug: seminars.slug })
      .from(seminars)
      .where(
        or(eq(seminars.slug, base), sql`${seminars.slug} ~ ${`^${base.replace(/[^a-z0-9-]/g, '')}-[0-9]+$`}`),
      );
    return new Set(rows.map((r) => r.slug));
  },
  async insert(db: DbOrTx, values: NewSeminarRow): Promise<SeminarRow> {
    const [row] = await db.insert(seminars).values(values).returning();
    if (!row) throw new Error('insert returned no row');
    return row;
  },
  async update(db: DbOrTx, id: number, values: Partial<NewSeminarRow>): Promise<SeminarRow | undefined> {
    const [row] = await db
      .update(seminars)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(seminars.id, id))
      .returning();
    return row;
  },
  async delete(db: DbOrTx, id: number): Promise<void> {
    await db.delete(seminars).where(eq(seminars.id, id));
  },
  /** every seminar matching the filter (the admin area), newest first, with its owner */
  async adminPage(db: DbOrTx, f: { q?: string; ownerId?: number; id?: number }, page: Page) {
    const conditions: SQL[] = [];
    if (f.id) conditions.push(eq(seminars.id, f.id));
    if (f.q) {
      const like = containsPattern(f.q);
      conditions.push(or(ilike(seminars.title, like), ilike(seminars.slug, like))!);
    }
    if (f.ownerId) conditions.push(eq(seminars.ownerId, f.ownerId));
    const where = conditions.length ? and(...conditions) : undefined;
    return paged(
      db
        .select({
          seminar: seminars,
          owner: {
            id: users.id,
            username: users.username,
            firstName: users.firstName,
            lastName: users.lastName,
          },
        })
        .from(seminars)
        .innerJoin(users, eq(users.id, seminars.ownerId))
        .where(where)
        .orderBy(desc(seminars.createdAt), desc(seminars.id))
        .limit(page.limit)
        .offset(page.offset),
      db.select({ n: sql<number>`count(*)::int` }).from(seminars).where(where),
    );
  },
  /** the number of seminars made for each of the given companies */
  async countsByCompany(db: DbOrTx, companyIds: number[]): Promise<Map<number, number>> {
    if (companyIds.length === 0) return new Map();
    const rows = await db
      .select({ companyId: seminars.companyId, n: sql<number>`count(*)::int` })
      .from(seminars)
      .where(inArray(seminars.companyId, companyIds))
      .groupBy(seminars.companyId);
    return new Map(rows.map((r) => [r.companyId!, r.n]));
  },
  async setOwner(db: DbOrTx, seminarId: number, ownerId: number): Promise<void> {
    await db.update(seminars).set({ ownerId, updatedAt: new Date() }).where(eq(seminars.id, seminarId));
  },
};
