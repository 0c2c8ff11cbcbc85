import { GUEST_XSRF_PREFIX, SCOPES, type Scope } from '@elearn/shared';
import { and, desc, eq, lt, ne, or, sql } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import type { AppConfig } from '../config.ts';
import type { Db } from '../db/client.ts';
import { companies, companyUsers, sessions, users } from '../db/schema/index.ts';
import { type AuthCache, authDataChanged } from '../lib/auth-cache.ts';
import { batched } from '../lib/batch.ts';
import { hmacHex, randomToken, safeEqual, sha256Hex } from '../lib/crypto.ts';
import type { AuthUser, CompanyMembership, SessionManager, SessionState } from './session-types.ts';

const REMEMBER_DAYS = 30;
const TOKEN_RE_GUEST = /^[A-Za-z0-9_-]{32}$/;

/** a session row joined with its user (null columns: a guest's session or a deleted user) */
export type SessionRow = {
  id: string;
  userId: number | null;
  csrfToken: string;
  remember: boolean;
  createdAt: Date;
  lastActivityAt: Date;
  uId: number | null;
  username: string | null;
  email: string | null;
  firstName: string | null;
  lastName: string | null;
  scopes: string[] | null;
  locale: string | null;
  emailVerifiedAt: Date | null;
  avatarPath: string | null;
  disabledAt: Date | null;
  companies: CompanyMembership[] | null;
};

/** what the session plugin's parts share: the database, the clock, the cookies and the lifetimes */
export interface SessionSettings {
  db: Db;
  config: AppConfig;
  now: () => number;
  /** looked-up sessions kept in memory (embedded database only, see lib/auth-cache.ts) */
  cache: AuthCache<string, SessionRow> | null;
  secure: boolean;
  cookieNames: { session: string; xsrf: string };
  idleMs: number;
  absoluteMs: number;
  rememberMs: number;
}

export function sessionSettings(
  db: Db,
  config: AppConfig,
  now: () => number,
  cache: AuthCache<string, SessionRow> | null,
): SessionSettings {
  const secure = config.appUrl.startsWith('https://');
  const prefix = secure && config.env === 'production' ? '__Host-' : '';
  return {
    db,
    config,
    now,
    cache,
    secure,
    cookieNames: { session: `${prefix}session`, xsrf: `${prefix}XSRF-TOKEN` },
    idleMs: config.sessionIdleMinutes * 60_000,
    absoluteMs: config.sessionAbsoluteHours * 3_600_000,
    rememberMs: REMEMBER_DAYS * 86_400_000,
  };
}

/** the look-up of a session with its user by the session's id (the cookie's SHA-256) */
export function sessionLookup(db: Db): (id: string) => Promise<SessionRow | undefined> {
  const lookupMany = db
    .select({
      id: sessions.id,
      userId: sessions.userId,
      csrfToken: sessions.csrfToken,
      remember: sessions.remember,
      createdAt: sessions.createdAt,
      lastActivityAt: sessions.lastActivityAt,
      uId: users.id,
      username: users.username,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      scopes: users.scopes,
      locale: users.locale,
      emailVerifiedAt: users.emailVerifiedAt,
      avatarPath: users.avatarPath,
      disabledAt: users.disabledAt,
      // memberships in the same round trip: one query per request (bench: GET /api/user)
      companies: sql<CompanyMembership[] | null>`(
          select coalesce(json_agg(json_build_object('id', c.id, 'name', c.name, 'shortName', c.short_name,
            'manager', cu.manager) order by c.name, c.id), '[]'::json)
          from ${companyUsers} cu join ${companies} c on c.id = cu.company_id
          where cu.user_id = ${users.id})`,
    })
    .from(sessions)
    .leftJoin(users, eq(users.id, sessions.userId))
    .where(sql`${sessions.id} = any(${sql.placeholder('ids')}::text[])`)
    .prepare('session_lookup');
  // the look-ups of requests that arrive together share one query (lib/batch.ts): under load a
  // round trip per request costs more than the query itself
  return batched(async (ids: string[]) => {
    const rows = (await lookupMany.execute({ ids })) as SessionRow[];
    const byId = new Map(rows.map((r) => [r.id, r]));
    return ids.map((id) => byId.get(id));
  });
}

export function isExpired(
  s: SessionSettings,
  row: Pick<SessionRow, 'remember' | 'createdAt' | 'lastActivityAt'>,
  t: number,
) {
  const idle = row.remember ? s.rememberMs : s.idleMs;
  const absolute = row.remember ? s.rememberMs : s.absoluteMs;
  return t - row.lastActivityAt.getTime() > idle || t - row.createdAt.getTime() > absolute;
}

/** the request's session, and its user unless the session is a guest's */
export function requestStateOf(
  id: string,
  row: SessionRow,
): { session: SessionState; user: AuthUser | null } {
  const session = {
    id,
    userId: row.userId,
    csrfToken: row.csrfToken,
    remember: row.remember,
    createdAt: row.createdAt,
    lastActivityAt: row.lastActivityAt,
  };
  if (row.uId === null) return { session, user: null };
  return {
    session,
    user: {
      id: row.uId,
      username: row.username ?? '',
      email: row.email ?? '',
      firstName: row.firstName ?? '',
      lastName: row.lastName ?? '',
      scopes: (row.scopes ?? []).filter((s): s is Scope => (SCOPES as readonly string[]).includes(s)),
      locale: row.locale === 'en' ? 'en' : 'de',
      emailVerifiedAt: row.emailVerifiedAt,
      avatarPath: row.avatarPath,
      companies: row.companies ?? [],
    },
  };
}

/** `g.<nonce>.<HMAC(SESSION_SECRET, nonce)>`: the CSRF token of a guest, kept by nobody */
const signGuest = (secret: string, nonce: string) => hmacHex(secret, `guest-csrf|${nonce}`);

function guestToken(secret: string) {
  const nonce = randomToken(24);
  return `g.${nonce}.${signGuest(secret, nonce)}`;
}

export function validGuestToken(secret: string, value: string) {
  const [g, nonce, mac, ...rest] = value.split('.');
  return (
    g === 'g' &&
    !!nonce &&
    !!mac &&
    rest.length === 0 &&
    TOKEN_RE_GUEST.test(nonce) &&
    safeEqual(mac, signGuest(secret, nonce))
  );
}

function setCookies(s: SessionSettings, reply: FastifyReply, token: string, csrf: string, remember: boolean) {
  const base = { path: '/', sameSite: 'lax' as const, secure: s.secure };
  reply.setCookie(s.cookieNames.session, token, {
    ...base,
    httpOnly: true,
    ...(remember ? { maxAge: s.rememberMs / 1000 } : {}),
  });
  reply.setCookie(s.cookieNames.xsrf, csrf, { ...base, httpOnly: false });
}

function clearCookies(s: SessionSettings, reply: FastifyReply) {
  const { cookieNames, secure } = s;
  reply.clearCookie(cookieNames.session, { path: '/', secure, sameSite: 'lax', httpOnly: true });
  reply.clearCookie(cookieNames.xsrf, { path: '/', secure, sameSite: 'lax' });
}

/** the sessions' rows and cookies: `app.sessions` */
export function createSessionManager(s: SessionSettings): SessionManager {
  const { db, cache, cookieNames, secure, now } = s;
  return {
    cookieNames,
    secure,
    async start(req, reply, { userId, remember = false }) {
      if (userId === null) {
        // a guest costs no row: a signed CSRF token in the readable cookie (signed double submit)
        req.session = null;
        req.user = null;
        reply.clearCookie(cookieNames.session, { path: '/', secure, sameSite: 'lax', httpOnly: true });
        reply.setCookie(cookieNames.xsrf, guestToken(s.config.sessionSecret), {
          path: '/',
          sameSite: 'lax',
          secure,
          httpOnly: false,
        });
        return;
      }
      const token = randomToken(24);
      // a guest session's token says so (the web app then skips GET /api/user)
      const csrf = `${userId === null ? GUEST_XSRF_PREFIX : ''}${randomToken(32)}`;
      const at = new Date(now());
      const id = sha256Hex(token);
      await db.insert(sessions).values({
        id,
        userId,
        csrfToken: csrf,
        remember,
        createdAt: at,
        lastActivityAt: at,
        ip: req.ip,
        userAgent: (req.headers['user-agent'] ?? '').slice(0, 300),
      });
      req.session = { id, userId, csrfToken: csrf, remember, createdAt: at, lastActivityAt: at };
      setCookies(s, reply, token, csrf, remember);
    },
    async destroy(req, reply) {
      if (req.session) {
        await db.delete(sessions).where(eq(sessions.id, req.session.id));
        cache?.delete(req.session.id);
      }
      req.session = null;
      req.user = null;
      clearCookies(s, reply);
    },
    async destroyAllForUser(userId, keepId) {
      await db
        .delete(sessions)
        .where(
          keepId ? and(eq(sessions.userId, userId), ne(sessions.id, keepId)) : eq(sessions.userId, userId),
        );
      // the in-process session cache (embedded database) forgets them at once
      authDataChanged();
    },
    async listForUser(userId) {
      return db
        .select({
          createdAt: sessions.createdAt,
          lastActivityAt: sessions.lastActivityAt,
          remember: sessions.remember,
          ip: sessions.ip,
          userAgent: sessions.userAgent,
        })
        .from(sessions)
        .where(eq(sessions.userId, userId))
        .orderBy(desc(sessions.lastActivityAt));
    },
    async sweep() {
      const t = now();
      const { idleMs, absoluteMs, rememberMs } = s;
      const rows = await db
        .delete(sessions)
        .where(
          or(
            and(eq(sessions.remember, false), lt(sessions.lastActivityAt, new Date(t - idleMs))),
            and(eq(sessions.remember, false), lt(sessions.createdAt, new Date(t - absoluteMs))),
            lt(sessions.lastActivityAt, new Date(t - rememberMs)),
            lt(sessions.createdAt, new Date(t - rememberMs)),
          ),
        )
        .returning({ id: sessions.id });
      if (rows.length) authDataChanged();
      return rows.length;
    },
  };
}
