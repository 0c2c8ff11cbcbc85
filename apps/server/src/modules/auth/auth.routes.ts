import {
  AVATAR_MAX_BYTES,
  changePasswordBodySchema,
  forgotPasswordBodySchema,
  loginBodySchema,
  messageSchema,
  profileFieldsSchema,
  registerBodySchema,
  resetPasswordBodySchema,
  rules,
  t,
  userDtoSchema,
} from '@elearn/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../errors.ts';
import { rejectNul } from '../../lib/no-nul.ts';
import { validateWith } from '../../lib/validate.ts';
import type { AuthService } from './auth.service.ts';

// loose on purpose: a mangled link must reach the handler (the page for browsers, 403 for the API)
const verifyParams = z.object({ id: z.string().max(200), hash: z.string().max(200) });
const verifyQuery = z.object({
  expires: z.string().max(2000).optional(),
  signature: z.string().max(2000).optional(),
});

/** Auth and user routes of spec section 7 (paths verbatim; trailing slashes are ignored). */
export const authRoutes: FastifyPluginAsyncZod<{
  auth: AuthService;
  serveAppPage?: (reply: FastifyReply) => FastifyReply | Promise<FastifyReply>;
}> = async (app, { auth, serveAppPage }) => {
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
    { schema: { tags: ['auth'], body: loginBodySchema, response: { 200: userDtoSchema } } },
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

  app.post(
    '/api/register',
    { schema: { tags: ['auth'], body: registerBodySchema, response: { 201: messageSchema } } },
    async (req, reply) => {
      const { mailSent } = await auth.register(req, reply, req.body, req.locale);
      return reply
        .code(201)
        .send({ message: t(req.locale, mailSent ? 'auth.registered' : 'auth.registered_mail_failed') });
    },
  );

  const verifyHandler = async (req: {
    params: z.infer<typeof verifyParams>;
    query: z.infer<typeof verifyQuery>;
    locale: FastifyRequest['locale'];
  }) => {
    const { alreadyVerified } = await auth.verifyEmail(
      /^\d{1,10}$/.test(req.params.id) ? Number(req.params.id) : 0,
      req.params.hash,
      req.query.expires,
      req.query.signature,
    );
    return {
      message: t(req.locale, alreadyVerified ? 'auth.already_verified' : 'auth.verified'),
      verified: true,
    };
  };
  const verifySchema = {
    tags: ['auth'],
    params: verifyParams,
    querystring: verifyQuery,
    response: { 200: z.object({ message: z.string(), verified: z.boolean() }) },
  };
  // the spec's path; browsers navigating to it (Accept: text/html) get the app page instead
  app.get('/email/verify/:id/:hash', { schema: verifySchema }, async (req, reply) => {
    if (serveAppPage && /text\/html/.test(req.headers.accept ?? '')) return serveAppPage(reply);
    return verifyHandler(req);
  });
  app.get('/api/email/verify/:id/:hash', { schema: verifySchema }, verifyHandler);

  app.post(
    '/api/email/verification-notification',
    {
      schema: {
        tags: ['auth'],
        body: z.object({ email: rules.email().optional() }).strict().optional(),
        response: { 202: messageSchema },
      },
    },
    async (req, reply) => {
      await auth.resendVerification(req, req.body?.email);
      return reply.code(202).send({ message: t(req.locale, 'auth.verification_sent') });
    },
  );

  app.post(
    '/api/forgot-password',
    { schema: { tags: ['auth'], body: forgotPasswordBodySchema, response: { 200: messageSchema } } },
    async (req, reply) => {
      const job = await auth.forgotPassword(req, req.body.email);
      if (job) app.afterResponse.run(reply.raw, 'password reset mail', job);
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

  app.post(
    '/api/user/update',
    {
      onRequest: app.requireUser,
      config: { multipartFields: profileFieldsSchema },
      schema: { tags: ['user'], consumes: ['multipart/form-data'], response: { 200: userDtoSchema } },
    },
    async (req) => {
      const fields: Record<string, string> = {};
      let avatar: { data: Buffer; truncated: boolean } | null = null;
      if (req.isMultipart()) {
        const parts = req.parts({
          limits: { fileSize: AVATAR_MAX_BYTES, files: 1, fields: 10, fieldSize: 2048, parts: 12 },
        });
        for await (const part of parts) {
          if (part.type === 'file') {
            const data = await part.toBuffer();
            if (part.fieldname === 'avatar' && (data.length > 0 || part.filename)) {
              avatar = { data, truncated: part.file.truncated };
            }
          } else if (typeof part.value === 'string') {
            rejectNul({ [part.fieldname]: part.value });
            fields[part.fieldname] = part.value;
          }
        }
      } else if (req.body && typeof req.body === 'object') {
        Object.assign(fields, req.body);
      }
      const parsed = validateWith(profileFieldsSchema, fields);
      return auth.updateProfile(req.user!, parsed, avatar);
    },
  );

  app.get(
    '/api/users/:id/avatar',
    { schema: { tags: ['user'], params: z.object({ id: rules.id() }) } },
    async (req, reply) => {
      const avatar = await auth.openAvatar(req.params.id);
      if (!avatar) throw notFound();
      reply.header('Content-Type', avatar.type);
      reply.header('Content-Length', avatar.size);
      reply.header('Cache-Control', 'private, max-age=86400');
      reply.header('Content-Security-Policy', "sandbox; default-src 'none'");
      return reply.send(avatar.body);
    },
  );
};
