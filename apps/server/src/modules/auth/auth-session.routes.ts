import { loginAnswerSchema, loginBodySchema, userDtoSchema } from '@elearn/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AuthRoutesOptions } from './auth.route-options.ts';

/** the session: CSRF cookie, login, logout and the current user */
export const authSessionRoutes: FastifyPluginAsyncZod<AuthRoutesOptions> = async (app, { auth }) => {
  app.get(
    '/sanctum/csrf-cookie',
    { schema: { tags: ['auth'], response: { 204: z.null() } } },
    async (req, reply) => {
      if (req.session) {
        reply.setCookie(app.sessions.cookieNames.xsrf, req.session.csrfToken, {
          path: '/',
          sameSite: 'lax',
          secure: app.sessions.secure,
          httpOnly: false,
        });
      } else {
        await app.sessions.start(req, reply, { userId: null });
      }
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/api/login',
    { schema: { tags: ['auth'], body: loginBodySchema, response: { 200: loginAnswerSchema } } },
    async (req, reply) => auth.login(req, reply, req.body),
  );

  // decision (issue 32 item 7): a guest's logout is a no-op answered 204, not 401; see the description
  const logoutSchema = {
    tags: ['auth'],
    description:
      'Ends the session. A guest (no login) gets 204 too: logging out nobody is a no-op, so a tab whose session already expired logs out without an error. Either way the answer brings a fresh guest session and XSRF token.',
    response: { 204: z.null() },
  };
  app.post('/api/logout', { schema: logoutSchema }, async (req, reply) => {
    await auth.logout(req, reply);
    return reply.code(204).send(null);
  });

  app.get(
    '/api/user',
    { onRequest: app.requireUser, schema: { tags: ['auth'], response: { 200: userDtoSchema } } },
    async (req) => auth.currentUser(req.user!),
  );
};
