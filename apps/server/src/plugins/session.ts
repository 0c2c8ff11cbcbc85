import { GUEST_XSRF_PREFIX, SCOPES, type Scope } from '@elearn/shared';
import fastifyCookie from '@fastify/cookie';
import { and, desc, eq, lt, ne, or, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import type { AppConfig } from '../config.ts';
import type { Db } from '../db/client.ts';
import { companies, companyUsers, sessions, users } from '../db/schema/index.ts';
import { AppError, csrfMismatch, forbidden, unauthenticated } from '../errors.ts';
import { AuthCache, authDataChanged } from '../lib/auth-cache.ts';
import { batched } from '../lib/batch.ts';
import { hmacHex, randomToken, safeEqual, sha256Hex } from '../lib/crypto.ts';

export interface AuthUser {
  id: number;
  username: string;
  email: string;
  firstName: string;
  lastName: string;
  scopes: Scope[];
  locale: 'de' | 'en';
  emailVerifiedAt: Date | null;
  avatarPath: string | null;
  /** the companies the user belongs to; `manager` = corporateTraining user of that company */
  companies: CompanyMembership[];
}

export interface CompanyMembership {
  id: number;
  name: string;
  shortName: string;
  manager: boolean;
}

export interface SessionState {
  /** SHA-256 of the cookie value: the primary key of the row */
  id: string;
  userId: number | null;
  csrfToken: string;
  remember: boolean;
  createdAt: Date;
  lastActivityAt: Date;
}

declare module 'fastify' {
  interface FastifyRequest {
    session: SessionState | null;
    user: AuthUser | null;
  }
  interface FastifyInstance {
    sessions: SessionManager;
    /** onRequest hook: 401 unless logged in (before the body is parsed or validated) */
    requireUser: onRequestAsyncHookHandler;
    /**
     * onRequest hook: 401 unless logged in, 403 `auth.unverified` while the user's e-mail address
     * is not verified (booking, company purchases, starting tests: issue 11 item 10)
     */
    requireVerified: onRequestAsyncHookHandler;
    /** onRequest hook: 401 unless logged in, 403 unless the user has one of the scopes */
    requireScope(...scopes: Scope[]): onRequestAsyncHookHandler;
  }
  interface FastifyContextConfig {
    /** false exempts a state-changing route from the CSRF check (only the payment webhook) */
    csrf?: boolean;
    /**
     * a body field that may carry the CSRF token instead of the header, checked the same way
     * after the body is parsed (`navigator.sendBeacon` cannot set headers: issue 16)
     */
    csrfBodyField?: string;
  }
}

/**
 * The guards as created below, so the OpenAPI document can tell which routes need a login
 * ('user') or one of some scopes (plugins/openapi.ts).
 */
export const routeGuards = new WeakMap<object, { scopes: Scope[] | null }>();

const REMEMBER_DAYS = 30;
const TOUCH_AFTER_MS = 60_000;
const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const TOKEN_RE = /^[A-Za-z0-9_-]{32}$/;
const TOKEN_RE_GUEST = /^[A-Za-z0-9_-]{32}$/;

export interface SessionManager {
  cookieNames: { session: string; xsrf: string };
  /** cookies carry Secure (APP_URL is https) */
  secure: boolean;
  /**
   * a new session (new id, new CSRF token) for `userId`; the caller destroys the old one. A guest
   * (`userId` null) gets no row: only a signed CSRF token in the readable cookie.
   */
  start(
    req: FastifyRequest,
    reply: FastifyReply,
    opts: { userId: number | null; remember?: boolean },
  ): Promise<void>;
  /** ends the request's session and clears its cookies */
  destroy(req: FastifyRequest, reply: FastifyReply): Promise<void>;
  /** ends every session of a user except `keepId` (password change/reset, disabling) */
  destroyAllForUser(userId: number, keepId?: string): Promise<void>;
  /** a user's sessions as the data export shows them (no ids or tokens) */
  listForUser(userId: number): Promise<
    {
      createdAt: Date;
      lastActivityAt: Date;
      remember: boolean;
      ip: string | null;
      userAgent: string | null;
    }[]
  >;
  /** deletes expired rows; returns how many */
  sweep(): Promise<number>;
}

type Row = {
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

/**
 * Server-side sessions in the database with a Sanctum-style CSRF cookie (DESIGN section 5).
 * Every request costs one indexed lookup (session joined with its user), so a disabled or
 * demoted user is seen on the very next request; the row is touched at most once a minute.
 */
export const sessionPlugin = fp(
  async (
    app: FastifyInstance,
    opts: {
      db: Db;
      config: AppConfig;
      now?: () => number;
      /** keep looked-up sessions in memory (embedded database only, see lib/auth-cache.ts) */
      cache?: boolean;
    },
  ) => {
    const { db, config } = opts;
    const now = opts.now ?? Date.now;
    const cache = opts.cache ? new AuthCache<string, Row>(10_000, 10_000, now) : null;
    app.addHook('onClose', async () => cache?.dispose());
    const secure = config.appUrl.startsWith('https://');
    const prefix = secure && config.env === 'production' ? '__Host-' : '';
    const cookieNames = { session: `${prefix}session`, xsrf: `${prefix}XSRF-TOKEN` };
    const idleMs = config.sessionIdleMinutes * 60_000;
    const absoluteMs = config.sessionAbsoluteHours * 3_600_000;
    const rememberMs = REMEMBER_DAYS * 86_400_000;

    await app.register(fastifyCookie);

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
    const lookup = batched(async (ids: string[]) => {
      const rows = (await lookupMany.execute({ ids })) as Row[];
      const byId = new Map(rows.map((r) => [r.id, r]));
      return ids.map((id) => byId.get(id));
    });

    const expired = (row: Pick<Row, 'remember' | 'createdAt' | 'lastActivityAt'>, t: number) => {
      const idle = row.remember ? rememberMs : idleMs;
      const absolute = row.remember ? rememberMs : absoluteMs;
      return t - row.lastActivityAt.getTime() > idle || t - row.createdAt.getTime() > absolute;
    };

    const setCookies = (reply: FastifyReply, token: string, csrf: string, remember: boolean) => {
      const base = { path: '/', sameSite: 'lax' as const, secure };
      reply.setCookie(cookieNames.session, token, {
        ...base,
        httpOnly: true,
        ...(remember ? { maxAge: rememberMs / 1000 } : {}),
      });
      reply.setCookie(cookieNames.xsrf, csrf, { ...base, httpOnly: false });
    };

    const clearCookies = (reply: FastifyReply) => {
      reply.clearCookie(cookieNames.session, { path: '/', secure, sameSite: 'lax', httpOnly: true });
      reply.clearCookie(cookieNames.xsrf, { path: '/', secure, sameSite: 'lax' });
    };

    /** `g.<nonce>.<HMAC(SESSION_SECRET, nonce)>`: the CSRF token of a guest, kept by nobody */
    const signGuest = (nonce: string) => hmacHex(config.sessionSecret, `guest-csrf|${nonce}`);
    const guestToken = () => {
      const nonce = randomToken(24);
      return `g.${nonce}.${signGuest(nonce)}`;
    };
    const validGuestToken = (value: string) => {
      const [g, nonce, mac, ...rest] = value.split('.');
      return (
        g === 'g' &&
        !!nonce &&
        !!mac &&
        rest.length === 0 &&
        TOKEN_RE_GUEST.test(nonce) &&
        safeEqual(mac, signGuest(nonce))
      );
    };

    const manager: SessionManager = {
      cookieNames,
      secure,
      async start(req, reply, { userId, remember = false }) {
        if (userId === null) {
          // a guest costs no row: a signed CSRF token in the readable cookie (signed double submit)
          req.session = null;
          req.user = null;
          reply.clearCookie(cookieNames.session, { path: '/', secure, sameSite: 'lax', httpOnly: true });
          reply.setCookie(cookieNames.xsrf, guestToken(), {
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
        setCookies(reply, token, csrf, remember);
      },
      async destroy(req, reply) {
        if (req.session) {
          await db.delete(sessions).where(eq(sessions.id, req.session.id));
          cache?.delete(req.session.id);
        }
        req.session = null;
        req.user = null;
        clearCookies(reply);
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

    app.decorate('sessions', manager);
    app.decorateRequest('session', null);
    app.decorateRequest('user', null);

    app.addHook('onRequest', async (req) => {
      const token = req.cookies[cookieNames.session];
      if (token && TOKEN_RE.test(token)) {
        const id = sha256Hex(token);
        let row = cache?.get(id);
        if (!row) {
          row = await lookup(id);
          if (row && cache) cache.set(id, row);
        }
        const t = now();
        if (row) {
          if (expired(row, t) || (row.userId !== null && (row.uId === null || row.disabledAt !== null))) {
            await db.delete(sessions).where(eq(sessions.id, id));
            cache?.delete(id);
          } else {
            req.session = {
              id,
              userId: row.userId,
              csrfToken: row.csrfToken,
              remember: row.remember,
              createdAt: row.createdAt,
              lastActivityAt: row.lastActivityAt,
            };
            if (row.uId !== null) {
              req.user = {
                id: row.uId,
                username: row.username ?? '',
                email: row.email ?? '',
                firstName: row.firstName ?? '',
                lastName: row.lastName ?? '',
                scopes: (row.scopes ?? []).filter((s): s is Scope =>
                  (SCOPES as readonly string[]).includes(s),
                ),
                locale: row.locale === 'en' ? 'en' : 'de',
                emailVerifiedAt: row.emailVerifiedAt,
                avatarPath: row.avatarPath,
                companies: row.companies ?? [],
              };
            }
            if (t - row.lastActivityAt.getTime() > TOUCH_AFTER_MS) {
              await db
                .update(sessions)
                .set({ lastActivityAt: new Date(t) })
                .where(eq(sessions.id, id));
              row.lastActivityAt = new Date(t);
            }
          }
        }
      }
      // CSRF (synchronizer token): only the X-XSRF-TOKEN header counts, compared in constant time
      if (MUTATING.has(req.method) && req.routeOptions.config?.csrf !== false) {
        const header = req.headers['x-xsrf-token'];
        if (typeof header !== 'string') {
          // a beacon: the token comes in the body, checked once it is parsed (below)
          if (req.routeOptions.config?.csrfBodyField) return;
          throw csrfMismatch();
        }
        checkCsrf(req, header);
      }
    });
    const checkCsrf = (req: FastifyRequest, token: string) => {
      if (req.session) {
        if (!safeEqual(token, req.session.csrfToken)) throw csrfMismatch();
      } else {
        // a guest: the token repeats the signed token of its own XSRF cookie
        const cookie = req.cookies[cookieNames.xsrf];
        if (!cookie || !safeEqual(token, cookie) || !validGuestToken(token)) throw csrfMismatch();
      }
    };
    // only the routes that take the token in the body get the check (no hook on every request)
    app.addHook('onRoute', (route) => {
      const field = (route.config as { csrfBodyField?: string } | undefined)?.csrfBodyField;
      if (!field) return;
      const check = async (req: FastifyRequest) => {
        if (!MUTATING.has(req.method) || typeof req.headers['x-xsrf-token'] === 'string') return;
        const body = req.body as Record<string, unknown> | null | undefined;
        const token = body && typeof body === 'object' ? body[field] : undefined;
        if (typeof token !== 'string') throw csrfMismatch();
        checkCsrf(req, token);
      };
      const own = route.preValidation;
      route.preValidation = own ? [check, ...(Array.isArray(own) ? own : [own])] : check;
    });

    const requireUser = async (req: FastifyRequest) => {
      if (!req.user) throw unauthenticated();
    };
    routeGuards.set(requireUser, { scopes: null });
    app.decorate('requireUser', requireUser);
    app.decorate('requireScope', (...scopes: Scope[]) => {
      const guard = async (req: FastifyRequest) => {
        if (!req.user) throw unauthenticated();
        if (!scopes.some((s) => req.user?.scopes.includes(s))) throw forbidden();
      };
      routeGuards.set(guard, { scopes });
      return guard;
    });
    const requireVerified = async (req: FastifyRequest) => {
      if (!req.user) throw unauthenticated();
      if (!req.user.emailVerifiedAt) throw new AppError(403, 'auth.unverified', 'auth.unverified');
    };
    routeGuards.set(requireVerified, { scopes: null });
    app.decorate('requireVerified', requireVerified);

    const timer = setInterval(() => {
      manager.sweep().catch((err) => app.log.warn({ err }, 'session sweep failed'));
    }, 10 * 60_000);
    timer.unref();
    app.addHook('onClose', async () => clearInterval(timer));
  },
  { name: 'session' },
);
