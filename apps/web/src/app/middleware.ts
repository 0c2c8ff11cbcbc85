/**
 * Route middlewares (spec sections 2 and 6), run by every page route's loader before the page
 * renders. A middleware throws `redirect()` to send the visitor elsewhere.
 */
import type { QueryClient } from '@tanstack/react-query';
import { redirect } from 'react-router';
import { loginHref } from '@/config/paths';
import { ensureUser, isAdmin, isCorporateTraining, isOwnerRole, type User } from '@/lib/auth';
import { HttpError } from '@/lib/http-error';
import { applyLocale } from '@/lib/i18n';
import { type Locale, localizePath, readLocaleCookie, safeRedirect } from '@/lib/locale';
import type { PageMeta } from './page-types';

export interface MiddlewareContext {
  url: URL;
  locale: Locale;
  page: PageMeta;
  queryClient: QueryClient;
  /** True only for the first navigation of the app (the page load). */
  initial: boolean;
  user: () => Promise<User | null>;
  localize: (path: string) => string;
}

export type Middleware = (ctx: MiddlewareContext) => void | Promise<void>;

/** Run on every page, before the page's own middlewares. */
export const DEFAULT_MIDDLEWARE = ['locale', 'auth'] as const;

const toLogin = (ctx: MiddlewareContext) =>
  redirect(loginHref(ctx.localize('/login'), `${ctx.url.pathname}${ctx.url.search}`));

async function requireUser(ctx: MiddlewareContext): Promise<User> {
  const user = await ctx.user();
  if (!user) throw toLogin(ctx);
  return user;
}

export const middlewares: Record<string, Middleware> = {
  /** Language from the URL prefix; the first visit to `/` follows the language cookie. */
  locale: async (ctx) => {
    if (ctx.initial && ctx.url.pathname === '/' && readLocaleCookie() === 'en') {
      throw redirect(`${localizePath('/', 'en')}${ctx.url.search}${ctx.url.hash}`);
    }
    await applyLocale(ctx.locale);
  },
  /**
   * Login required unless the page is public (`auth: false`) or for guests only (`'guest'`).
   * A public page waits for the user too (no request for a guest without a session cookie), so
   * the navbar and the page render once, with the user known, instead of shifting when it
   * arrives (issue 13); a failed look-up shows the page as to a guest.
   */
  auth: async (ctx) => {
    const mode = ctx.page.auth ?? true;
    if (mode === false) {
      await ctx.user().catch(() => null);
      return;
    }
    if (mode === 'guest') {
      const user = await ctx.user();
      if (user) throw redirect(safeRedirect(ctx.url.searchParams.get('redirect')) ?? ctx.localize('/'));
      return;
    }
    await requireUser(ctx);
  },
  /** Scope admin, else /unauthorized. */
  admin: async (ctx) => {
    if (!isAdmin(await requireUser(ctx))) throw redirect(ctx.localize('/unauthorized'));
  },
  /** Owner area: scope trainer or admin, else /unauthorized. */
  trainer: async (ctx) => {
    if (!isOwnerRole(await requireUser(ctx))) throw redirect(ctx.localize('/unauthorized'));
  },
  /** corporateTraining OR admin (DESIGN section 5 decision), else /unauthorized. */
  corporateTraining: async (ctx) => {
    if (!isCorporateTraining(await requireUser(ctx))) throw redirect(ctx.localize('/unauthorized'));
  },
};

/** The page's middleware chain: the defaults, then its own (each name once). */
export function middlewareChain(page: PageMeta): string[] {
  return [...new Set([...DEFAULT_MIDDLEWARE, ...(page.middleware ?? [])])];
}

/** Runs the chain in order; an unknown name is a 500 error before anything runs. */
export async function runMiddleware(names: readonly string[], ctx: MiddlewareContext): Promise<void> {
  const chain = names.map((name) => {
    const middleware = Object.hasOwn(middlewares, name) ? middlewares[name] : undefined;
    if (!middleware) throw new HttpError(500, `Unknown middleware ${name}`);
    return middleware;
  });
  for (const middleware of chain) await middleware(ctx);
}

export function createMiddlewareContext(
  queryClient: QueryClient,
  page: PageMeta,
  url: URL,
  locale: Locale,
  initial: boolean,
): MiddlewareContext {
  return {
    url,
    locale,
    page,
    queryClient,
    initial,
    user: () => ensureUser(queryClient),
    localize: (path) => localizePath(path, locale),
  };
}
