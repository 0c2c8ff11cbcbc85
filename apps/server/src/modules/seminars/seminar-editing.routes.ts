import {
  idParamsSchema,
  SEMINAR_IMAGE_MAX_BYTES,
  seminarDtoSchema,
  seminarFieldsSchema,
  togglePublicBodySchema,
} from '@elearn/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { rejectNul } from '../../lib/no-nul.ts';
import { removeStored } from '../../lib/storage.ts';
import { validateWith } from '../../lib/validate.ts';
import type { SeminarRoutesOptions } from './seminars.route-options.ts';

/** A trainer's or admin's changes: create, update (multipart, with an image), publish, delete. */
export const seminarEditingRoutes: FastifyPluginAsyncZod<SeminarRoutesOptions> = async (
  app,
  { seminars, chapters, fileStore },
) => {
  const owner = app.requireScope('trainer', 'admin');

  /** reads the multipart form: text fields, and the image streamed to disk */
  async function readSeminarForm(req: FastifyRequest) {
    const fields: Record<string, string> = {};
    let imagePath: string | null = null;
    if (!req.isMultipart()) return { fields: (req.body ?? {}) as Record<string, string>, imagePath };
    try {
      const parts = req.parts({
        limits: { fileSize: SEMINAR_IMAGE_MAX_BYTES, files: 1, fields: 20, fieldSize: 60_000 },
      });
      for await (const part of parts) {
        if (part.type === 'file') {
          // an empty file input arrives as a part without a file name: no new image
          if (part.fieldname !== 'image' || !part.filename) {
            part.file.resume();
            continue;
          }
          const stored = await seminars.storeImage(part.file, part.filename);
          imagePath = stored.relPath;
        } else if (typeof part.value === 'string') {
          rejectNul({ [part.fieldname]: part.value });
          fields[part.fieldname] = part.value;
        }
      }
    } catch (err) {
      await removeStored(fileStore, imagePath);
      throw err;
    }
    return { fields, imagePath };
  }

  app.post(
    '/api/seminars',
    {
      onRequest: owner,
      config: { multipartFields: seminarFieldsSchema },
      schema: { tags: ['seminars'], consumes: ['multipart/form-data'], response: { 201: seminarDtoSchema } },
    },
    async (req, reply) => {
      const { fields, imagePath } = await readSeminarForm(req);
      try {
        const dto = await seminars.create(req.user!, validateWith(seminarFieldsSchema, fields), imagePath);
        return reply.code(201).send(dto);
      } catch (err) {
        await removeStored(fileStore, imagePath);
        throw err;
      }
    },
  );

  app.post(
    '/api/seminars/update/:id',
    {
      onRequest: owner,
      config: { multipartFields: seminarFieldsSchema },
      schema: {
        tags: ['seminars'],
        params: idParamsSchema,
        consumes: ['multipart/form-data'],
        response: { 200: seminarDtoSchema },
      },
    },
    async (req) => {
      // ownership before a single byte of the upload is stored
      await seminars.requireManage(req.user, req.params.id);
      const { fields, imagePath } = await readSeminarForm(req);
      try {
        return await seminars.update(
          req.user!,
          req.params.id,
          validateWith(seminarFieldsSchema, fields),
          imagePath,
        );
      } catch (err) {
        await removeStored(fileStore, imagePath);
        throw err;
      }
    },
  );

  app.patch(
    '/api/seminars/tooglePublic',
    {
      onRequest: owner,
      schema: { tags: ['seminars'], body: togglePublicBodySchema, response: { 200: seminarDtoSchema } },
    },
    async (req) => seminars.togglePublic(req.user!, req.body.id),
  );

  app.delete(
    '/api/seminars/:id',
    {
      onRequest: owner,
      schema: {
        tags: ['seminars'],
        params: idParamsSchema,
        querystring: z.object({ confirm: z.enum(['0', '1']).optional() }),
        response: { 204: z.null() },
      },
    },
    async (req, reply) => {
      await seminars.remove(req.user!, req.params.id, req.query.confirm === '1', (id) =>
        chapters.storagePathsOfSeminar(id),
      );
      return reply.code(204).send(null);
    },
  );
};
