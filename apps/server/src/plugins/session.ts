import type { Scope } from '@elearn/shared';
import fastifyCookie from '@fastify/cookie';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import type { AppConfig } from '../config.ts';
import type { Db } from '../db/client.ts';
import { sessions } from '../db/schema/index.ts';
import { AppError, csrfMismatch, forbidden, unauthenticated } from '../errors.ts';
import { AuthCache } from '../lib/auth-cache.ts';
import { safeEqual, sha256Hex } from '../lib/crypto.ts';
import {
  createSessionManager,
  isExpired,
  requestStateOf,
  type SessionRow,
  type SessionSettings,
  sessionLookup,
  sessionSettings,
  validGuestToken,
} from './session-store.ts';
import type { AuthUser, SessionManager, SessionState } from './session-types.ts';

export type { AuthUser, CompanyMembership, SessionManager, SessionState } from './session-types.ts';

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

const TOUCH_AFTER_MS = 60_000;
const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const TOKEN_RE = /^[A-Za-z0-9_-]{32}$/;
/** the job kind of the sweep of expired sessions */
export const SESSION_SWEEP_JOB = 'session-sweep';

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
    const cache = opts.cache ? new AuthCache<string, SessionRow>(10_000, 10_000, now) : null;
    app.addHook('onClose', async () => cache?.dispose());
    const s = sessionSettings(db, config, now, cache);

    await app.register(fastifyCookie);

    const lookup = sessionLookup(db);
    const manager = createSessionManager(s);

    app.decorate('sessions', manager);
    app.decorateRequest('session', null);
    app.decorateRequest('user', null);

    const checkCsrf = (req: FastifyRequest, token: string) => {
      if (req.session) {
        if (!safeEqual(token, req.session.csrfToken)) throw csrfMismatch();
      } else {
        // a guest: the token repeats the signed token of its own XSRF cookie
        const cookie = req.cookies[s.cookieNames.xsrf];
        if (!cookie || !safeEqual(token, cookie) || !validGuestToken(config.sessionSecret, token))
          throw csrfMismatch();
      }
    };
    app.addHook('onRequest', async (req) => {
      const token = req.cookies[s.cookieNames.session];
      if (token && TOKEN_RE.test(token)) await resumeSession(s, lookup, req, token);
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

    decorateGuards(app);

    // expired sessions go every 10 minutes: a scheduled job of the queue, once across instances
    await app.jobs.define(SESSION_SWEEP_JOB, async () => {
      await manager.sweep();
    });
    await app.jobs.schedule(SESSION_SWEEP_JOB, '*/10 * * * *');
  },
  { name: 'session' },
);

/**
 * The request's session and user from the session cookie's token: an expired session, or one of a
 * deleted or disabled user, is deleted; a live one is touched at most once a minute.
 */
async function resumeSession(
  s: SessionSettings,
  lookup: (id: string) => Promise<SessionRow | undefined>,
  req: FastifyRequest,
  token: string,
): Promise<void> {
  const { db, cache } = s;
  const id = sha256Hex(token);
  let row = cache?.get(id);
  if (!row) {
    row = await lookup(id);
    if (row && cache) cache.set(id, row);
  }
  const t = s.now();
  if (!row) return;
  if (isExpired(s, row, t) || (row.userId !== null && (row.uId === null || row.disabledAt !== null))) {
    await db.delete(sessions).where(eq(sessions.id, id));
    cache?.delete(id);
    return;
  }
  const { session, user } = requestStateOf(id, row);
  req.session = session;
  if (user) req.user = user;
  if (t - row.lastActivityAt.getTime() > TOUCH_AFTER_MS) {
    await db
      .update(sessions)
      .set({ lastActivityAt: new Date(t) })
      .where(eq(sessions.id, id));
    row.lastActivityAt = new Date(t);
  }
}

/** `app.requireUser`, `app.requireScope(...)` and `app.requireVerified`: the routes' guards */
function decorateGuards(app: FastifyInstance) {
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
}
