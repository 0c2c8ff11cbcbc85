import {
  bookFreeBodySchema,
  bookingDtoSchema,
  idParamsSchema,
  paginated,
  publicProfileSchema,
  SEMINAR_IMAGE_MAX_BYTES,
  seminarDtoSchema,
  seminarFieldsSchema,
  seminarListQuerySchema,
  todoSchema,
  togglePublicBodySchema,
} from '@elearn/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { FileStore } from '../../lib/file-store.ts';
import { rejectNul } from '../../lib/no-nul.ts';
import { removeStored, sendStored } from '../../lib/storage.ts';
import { validateWith } from '../../lib/validate.ts';
import type { AuthUser } from '../../plugins/session.ts';
import type { SeminarsService } from './seminars.service.ts';

/** what these routes need of the chapters module (its service, wired in app.ts; no import back) */
interface ChapterParts {
  storagePathsOfSeminar(seminarId: number): Promise<string[]>;
  todos(actor: AuthUser): Promise<z.infer<typeof todoSchema>[]>;
}

/** Seminars and free booking (spec section 7 "Seminars and booking"; paths verbatim). */
export const seminarRoutes: FastifyPluginAsyncZod<{
  seminars: SeminarsService;
  chapters: ChapterParts;
  /** where uploaded files are stored (local disk or a bucket) */
  fileStore: FileStore;
}> = async (app, { seminars, chapters, fileStore }) => {
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

  app.get(
    '/api/seminars',
    {
      schema: {
        tags: ['seminars'],
        querystring: seminarListQuerySchema,
        response: { 200: paginated(seminarDtoSchema) },
      },
    },
    async (req) => seminars.listPublic(req.user, req.query),
  );
  app.get(
    '/api/seminars/rise',
    { schema: { tags: ['seminars'], response: { 200: z.array(seminarDtoSchema) } } },
    async (req) => seminars.rising(req.user),
  );
  app.get(
    '/api/seminars/owned',
    { onRequest: owner, schema: { tags: ['seminars'], response: { 200: z.array(seminarDtoSchema) } } },
    async (req) => seminars.owned(req.user!),
  );
  app.get(
    '/api/seminars/booked-student',
    {
      onRequest: app.requireUser,
      schema: { tags: ['seminars'], response: { 200: z.array(seminarDtoSchema) } },
    },
    async (req) => seminars.bookedBy(req.user!),
  );
  app.get(
    '/api/seminars/users/booked',
    { onRequest: owner, schema: { tags: ['seminars'], response: { 200: z.array(seminarDtoSchema) } } },
    async (req) => seminars.ownedWithBookings(req.user!),
  );
  app.get(
    '/api/seminars/slug/:slug',
    {
      schema: {
        tags: ['seminars'],
        params: z.object({ slug: z.string().max(120) }),
        response: { 200: seminarDtoSchema },
      },
    },
    async (req) => seminars.get(req.user, { slug: req.params.slug }),
  );
  app.get(
    '/api/seminars/:id',
    { schema: { tags: ['seminars'], params: idParamsSchema, response: { 200: seminarDtoSchema } } },
    async (req) => seminars.get(req.user, { id: req.params.id }),
  );
  app.get(
    '/api/seminars/:id/image',
    { schema: { tags: ['seminars'], params: idParamsSchema } },
    async (req, reply) => {
      const img = await seminars.imageOf(req.user, req.params.id);
      return sendStored(req, reply, {
        files: fileStore,
        relPath: img.relPath,
        mime: img.mime,
        fileName: img.name,
        attachment: false,
      });
    },
  );

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

  app.post(
    '/api/booking/free',
    {
      onRequest: app.requireVerified,
      schema: {
        tags: ['bookings'],
        body: bookFreeBodySchema,
        response: { 200: bookingDtoSchema, 201: bookingDtoSchema },
      },
    },
    async (req, reply) => {
      const { booking, created } = await seminars.bookFree(req.user!, req.body.seminarId);
      return reply.code(created ? 201 : 200).send(booking);
    },
  );

  app.get(
    '/api/users/profile/:slug',
    {
      schema: {
        tags: ['users'],
        params: z.object({ slug: z.string().max(60) }),
        response: { 200: publicProfileSchema },
      },
    },
    async (req) => seminars.publicProfile(req.user, req.params.slug),
  );

  app.get(
    '/api/todos',
    { onRequest: app.requireUser, schema: { tags: ['seminars'], response: { 200: z.array(todoSchema) } } },
    async (req) => chapters.todos(req.user!),
  );
};
