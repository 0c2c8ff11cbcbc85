import {
  changePasswordBodySchema,
  forgotPasswordBodySchema,
  messageSchema,
  resetPasswordBodySchema,
  t,
} from '@elearn/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AuthRoutesOptions } from './auth.route-options.ts';

/** the forgotten password (mail, reset) and the password change */
export const authPasswordRoutes: FastifyPluginAsyncZod<AuthRoutesOptions> = async (app, { auth }) => {
  app.post(
    '/api/forgot-password',
    { schema: { tags: ['auth'], body: forgotPasswordBodySchema, response: { 200: messageSchema } } },
    async (req) => {
      await auth.forgotPassword(req, req.body.email);
      return { message: t(req.locale, 'auth.reset_link_sent') };
    },
  );

  app.post(
    '/api/reset-password',
    { schema: { tags: ['auth'], body: resetPasswordBodySchema, response: { 200: messageSchema } } },
    async (req) => {
      await auth.resetPassword(req.body);
      return { message: t(req.locale, 'auth.password_reset') };
    },
  );

  app.post(
    '/api/user/password',
    {
      onRequest: app.requireUser,
      schema: { tags: ['user'], body: changePasswordBodySchema, response: { 200: messageSchema } },
    },
    async (req) => {
      await auth.changePassword(req, req.user!, req.body);
      return { message: t(req.locale, 'auth.password_changed') };
    },
  );
};
