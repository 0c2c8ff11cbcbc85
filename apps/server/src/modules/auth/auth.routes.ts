import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AuthRoutesOptions } from './auth.route-options.ts';
import { authPasswordRoutes } from './auth-password.routes.ts';
import { authProfileRoutes } from './auth-profile.routes.ts';
import { authRegisterRoutes } from './auth-register.routes.ts';
import { authSessionRoutes } from './auth-session.routes.ts';

export type { AuthRoutesOptions } from './auth.route-options.ts';

/**
 * Auth and user routes of spec section 7 (paths verbatim; trailing slashes are ignored), in four
 * groups registered in this order: the session, registration and verification, passwords, the
 * profile.
 */
export const authRoutes: FastifyPluginAsyncZod<AuthRoutesOptions> = async (app, opts) => {
  await app.register(authSessionRoutes, opts);
  await app.register(authRegisterRoutes, opts);
  await app.register(authPasswordRoutes, opts);
  await app.register(authProfileRoutes, opts);
};
