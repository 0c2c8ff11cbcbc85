import { AVATAR_MAX_BYTES, profileFieldsSchema, rules, userDtoSchema } from '@elearn/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../errors.ts';
import { rejectNul } from '../../lib/no-nul.ts';
import { validateWith } from '../../lib/validate.ts';
import type { AuthRoutesOptions } from './auth.route-options.ts';

/** the profile (with the avatar upload) and the avatars */
export const authProfileRoutes: FastifyPluginAsyncZod<AuthRoutesOptions> = async (app, { auth }) => {
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
