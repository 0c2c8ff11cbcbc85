import {
  idParamsSchema,
  NOTIFICATION_KINDS,
  notificationPrefsSchema,
  t,
  teamRemindBodySchema,
  unsubscribedSchema,
  unsubscribeQuerySchema,
} from '@elearn/shared';
import fastifyFormbody from '@fastify/formbody';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { NotificationsService } from './notifications.service.ts';

/**
 * A person's choice of notification mails, the one-click unsubscribe of RFC 8058 and a manager's
 * reminder now (issue 36 items 6 and 7). Contract: docs/api/notifications.md.
 */
export const notificationRoutes: FastifyPluginAsyncZod<{ notifications: NotificationsService }> = async (
  app,
  { notifications },
) => {
  const tags = ['notifications'];
  app.get(
    '/api/me/notifications',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        description: 'Which reminder mails the caller receives (all on until turned off).',
        response: { 200: notificationPrefsSchema },
      },
    },
    async (req) => notifications.myPrefs(req.user!),
  );
  app.put(
    '/api/me/notifications',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        description: 'Turns the caller’s reminder mails on or off; answers the saved choice.',
        body: notificationPrefsSchema,
        response: { 200: notificationPrefsSchema },
      },
    },
    async (req) => notifications.saveMyPrefs(req.user!, req.body),
  );
  app.post(
    '/api/companies/:id/team/remind',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        description:
          'A manager of the company (or an admin) reminds an assigned employee of a seminar by mail now: once per employee and seminar in 24 hours (429 `remind.too_soon` with Retry-After), audited. 202 also when the employee turned reminders off (`sent: false`, nothing is mailed).',
        params: idParamsSchema,
        body: teamRemindBodySchema,
        response: { 202: z.object({ message: z.string(), sent: z.boolean() }) },
      },
    },
    async (req, reply) => {
      const { sent } = await notifications.remind(req.user!, req.params.id, req.body);
      return reply
        .code(202)
        .send({ message: t(req.locale, sent ? 'remind.sent' : 'remind.opted_out'), sent });
    },
  );
  app.get(
    '/api/unsubscribe',
    {
      schema: {
        tags,
        description:
          'What an unsubscribe link stands for (the page behind the link in a mail asks before it unsubscribes); no session needed. 400/404 `unsubscribe.invalid`.',
        querystring: unsubscribeQuerySchema,
        response: {
          200: z.object({ kind: z.enum(NOTIFICATION_KINDS), locale: z.enum(['de', 'en']) }),
        },
      },
    },
    async (req) => {
      const { kind, locale } = await notifications.unsubscribeTarget(req.query.token);
      return { kind, locale };
    },
  );

  // RFC 8058: a mail client posts `List-Unsubscribe=One-Click` (form) to the link of the mail's
  // List-Unsubscribe header, without cookies; the signed token is the authority, so no session
  // and no CSRF token. The web page posts the same (any or no body).
  await app.register(async (plain) => {
    const scope = plain.withTypeProvider<ZodTypeProvider>();
    await scope.register(fastifyFormbody, { bodyLimit: 1024 });
    scope.post(
      '/api/unsubscribe',
      {
        config: { csrf: false },
        bodyLimit: 1024,
        schema: {
          tags,
          description:
            'One-click unsubscribe (RFC 8058): turns the token’s kind of mail off for its recipient; no session or CSRF token needed. 400/404 `unsubscribe.invalid`.',
          querystring: unsubscribeQuerySchema,
          response: { 200: unsubscribedSchema },
        },
      },
      async (req) => {
        const { kind, message } = await notifications.unsubscribe(req.query.token);
        return { kind, message };
      },
    );
  });
};
