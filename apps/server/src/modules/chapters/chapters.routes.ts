import {
  chapterDtoSchema,
  createChapterBodySchema,
  encodeMessage,
  idParamsSchema,
  mediaDocSchema,
  mediaLinkSchema,
  mediaVideoSchema,
  reorderChaptersBodySchema,
  rules,
  sideMenuEntrySchema,
  storeLinksBodySchema,
  toggleLockedBodySchema,
  toggleUserBodySchema,
  updateChapterBodySchema,
  userInteractionSchema,
} from '@elearn/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, validation } from '../../errors.ts';
import type { FileStore } from '../../lib/file-store.ts';
import { rejectNul } from '../../lib/no-nul.ts';
import { cleanFileName, removeStored, type StoredFile, sendStored } from '../../lib/storage.ts';
import { typedDtoSerializer } from '../../lib/validate.ts';
import type { ChaptersService } from './chapters.service.ts';

/** the text fields of the media uploads (before the files) */
const docFields = z.object({ chapter_id: rules.id() });
const videoFields = z.object({ chapter_id: rules.id(), label: z.string().max(200).optional() });

/** Chapters and media (spec section 7 "Chapters"; paths verbatim, plus reorder and file routes). */
export const chapterRoutes: FastifyPluginAsyncZod<{
  chapters: ChaptersService;
  /** where uploaded files are stored (local disk or a bucket) */
  fileStore: FileStore;
  maxVideoMb: number;
  maxDocMb: number;
  /** the seminar a live access link opens (companies module); throws for a dead link */
  seminarOfLink: (token: string, ip: string) => Promise<number>;
}> = async (app, { chapters, fileStore, maxVideoMb, maxDocMb, seminarOfLink }) => {
  const owner = app.requireScope('trainer', 'admin');
  const user = app.requireUser;
  // media answer a logged-in player, or the holder of an access link (`?access_link=`, no account)
  const mediaQuery = z.object({ access_link: z.string().min(1).max(200).optional() });
  const userOrLink = async (req: FastifyRequest, reply: FastifyReply) => {
    if ((req.query as { access_link?: unknown }).access_link === undefined) await user.call(app, req, reply);
  };
  const mediaFile = async (
    req: FastifyRequest,
    id: number,
    link: string | undefined,
    kind: 'doc' | 'video',
  ) =>
    link !== undefined
      ? chapters.fileForLink(await seminarOfLink(link, req.ip), id, kind)
      : chapters.fileFor(req.user, id, kind);

  app.get(
    '/api/chapters',
    {
      onRequest: user,
      schema: {
        tags: ['chapters'],
        querystring: z.object({ seminar_id: rules.id() }),
        response: { 200: z.array(sideMenuEntrySchema) },
      },
    },
    async (req) => chapters.sideMenu(req.user!, req.query.seminar_id),
  );
  app.get(
    '/api/chapters/seminar/:id',
    {
      onRequest: owner,
      schema: { tags: ['chapters'], params: idParamsSchema, response: { 200: z.array(chapterDtoSchema) } },
    },
    async (req) => chapters.forOwner(req.user!, req.params.id),
  );
  app.get(
    '/api/chapters/seminar-booked/:id',
    {
      onRequest: user,
      schema: { tags: ['chapters'], params: idParamsSchema, response: { 200: z.array(chapterDtoSchema) } },
      // the hot route of playing (bench): 50 chapters × 5 media checked by zod on every request cost more than the query
      serializerCompiler: typedDtoSerializer,
    },
    async (req) => chapters.forBooked(req.user!, req.params.id),
  );
  app.get(
    '/api/chapters/:id/user-interaction',
    {
      onRequest: owner,
      schema: {
        tags: ['chapters'],
        params: idParamsSchema,
        response: { 200: z.array(userInteractionSchema) },
      },
    },
    async (req) => chapters.interactions(req.user!, req.params.id),
  );
  app.post(
    '/api/chapters',
    {
      onRequest: owner,
      schema: { tags: ['chapters'], body: createChapterBodySchema, response: { 201: chapterDtoSchema } },
    },
    async (req, reply) => reply.code(201).send(await chapters.create(req.user!, req.body)),
  );
  app.patch(
    '/api/chapters/update',
    {
      onRequest: owner,
      schema: { tags: ['chapters'], body: updateChapterBodySchema, response: { 200: chapterDtoSchema } },
    },
    async (req) => chapters.update(req.user!, req.body),
  );
  app.delete(
    '/api/chapters/:id/delete',
    { onRequest: owner, schema: { tags: ['chapters'], params: idParamsSchema, response: { 204: z.null() } } },
    async (req, reply) => {
      await chapters.remove(req.user!, req.params.id);
      return reply.code(204).send(null);
    },
  );
  app.patch(
    '/api/chapters/reorder',
    {
      onRequest: owner,
      schema: {
        tags: ['chapters'],
        body: reorderChaptersBodySchema,
        response: { 200: z.array(chapterDtoSchema) },
      },
    },
    async (req) => chapters.reorder(req.user!, req.body),
  );
  app.patch(
    '/api/chapters/toggle/locked',
    {
      onRequest: owner,
      schema: { tags: ['chapters'], body: toggleLockedBodySchema, response: { 200: chapterDtoSchema } },
    },
    async (req) => chapters.toggleLocked(req.user!, req.body.id),
  );
  app.patch(
    '/api/chapters/toggle/user',
    {
      onRequest: user,
      schema: {
        tags: ['chapters'],
        body: toggleUserBodySchema,
        response: {
          200: z.object({ chapter_id: z.number().int(), done: z.boolean(), done_at: z.string().nullable() }),
        },
      },
    },
    async (req) => chapters.toggleDone(req.user!, req.body.chapterUser, req.body.done),
  );

  // media ----------------------------------------------------------------------------------

  /** multipart with `chapter_id` first, then files of `field`; ownership checked before storing */
  async function readUpload(
    req: FastifyRequest,
    field: string,
    limits: { fileSize: number; files: number },
    store: (stream: never, name: string) => Promise<StoredFile>,
  ) {
    if (!req.isMultipart())
      throw new AppError(415, 'unsupported_media_type', 'errors.unsupported_media_type');
    const fields: Record<string, string> = {};
    const stored: { stored: StoredFile; name: string }[] = [];
    let chapterId: number | null = null;
    try {
      for await (const part of req.parts({ limits: { ...limits, fields: 10, fieldSize: 2000 } })) {
        if (part.type === 'field') {
          if (typeof part.value === 'string') {
            rejectNul({ [part.fieldname]: part.value });
            fields[part.fieldname] = part.value;
          }
          continue;
        }
        if (part.fieldname.replace(/\[\]$/, '') !== field || !part.filename) {
          part.file.resume();
          continue;
        }
        if (chapterId === null) {
          const parsed = rules.id().safeParse(fields.chapter_id);
          if (!parsed.success) {
            part.file.resume();
            throw validation({ chapter_id: [encodeMessage('validation.required')] });
          }
          chapterId = parsed.data;
          await chapters.manageChapter(req.user, chapterId);
        }
        const name = cleanFileName(part.filename);
        stored.push({ stored: await store(part.file as never, name), name });
      }
    } catch (err) {
      for (const s of stored) await removeStored(fileStore, s.stored.relPath);
      throw err;
    }
    if (chapterId === null || stored.length === 0) {
      if (chapterId === null && !rules.id().safeParse(fields.chapter_id).success) {
        throw validation({ chapter_id: [encodeMessage('validation.required')] });
      }
      throw validation({ [field]: [encodeMessage('media.missing')] }, 'media.missing', 'media.missing');
    }
    return { chapterId, stored, fields };
  }

  app.post(
    '/api/chapters/storeDocs',
    {
      onRequest: owner,
      config: { multipartFields: docFields },
      schema: {
        tags: ['media'],
        consumes: ['multipart/form-data'],
        response: {
          201: z.object({
            data: z.object({ chapter_id: z.number().int(), uploads: z.array(mediaDocSchema) }),
          }),
        },
      },
    },
    async (req, reply) => {
      const { chapterId, stored } = await readUpload(
        req,
        'docs',
        { fileSize: maxDocMb * 1024 * 1024, files: 20 },
        (s, n) => chapters.storeDoc(s, n),
      );
      const uploads = await chapters.recordFiles(chapterId, 'doc', stored);
      return reply.code(201).send({ data: { chapter_id: chapterId, uploads } });
    },
  );

  app.post(
    '/api/chapters/storeVideo',
    {
      onRequest: owner,
      config: { multipartFields: videoFields },
      schema: {
        tags: ['media'],
        consumes: ['multipart/form-data'],
        response: {
          201: z.object({ data: z.object({ chapter_id: z.number().int(), video: mediaVideoSchema }) }),
        },
      },
    },
    async (req, reply) => {
      const { chapterId, stored, fields } = await readUpload(
        req,
        'video',
        { fileSize: maxVideoMb * 1024 * 1024, files: 1 },
        (s, n) => chapters.storeVideo(s, n),
      );
      const [video] = await chapters.recordFiles(
        chapterId,
        'video',
        stored.map((s) => ({ ...s, label: fields.label?.slice(0, 200) })),
      );
      return reply.code(201).send({ data: { chapter_id: chapterId, video: video! } });
    },
  );

  app.post(
    '/api/chapters/storeLinks',
    {
      onRequest: owner,
      schema: {
        tags: ['media'],
        body: storeLinksBodySchema,
        response: {
          201: z.object({
            data: z.object({ chapter_id: z.number().int(), links: z.array(mediaLinkSchema) }),
          }),
        },
      },
    },
    async (req, reply) => reply.code(201).send({ data: await chapters.storeLinks(req.user!, req.body) }),
  );

  for (const kind of ['doc', 'video'] as const) {
    app.delete(
      `/api/chapters/${kind}/:id/delete`,
      { onRequest: owner, schema: { tags: ['media'], params: idParamsSchema, response: { 204: z.null() } } },
      async (req, reply) => {
        await chapters.deleteFile(req.user!, req.params.id, kind);
        return reply.code(204).send(null);
      },
    );
  }
  app.delete(
    '/api/chapters/link/:id/delete',
    { onRequest: owner, schema: { tags: ['media'], params: idParamsSchema, response: { 204: z.null() } } },
    async (req, reply) => {
      await chapters.deleteLink(req.user!, req.params.id);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/api/chapters/doc/:id/download',
    { onRequest: userOrLink, schema: { tags: ['media'], params: idParamsSchema, querystring: mediaQuery } },
    async (req, reply) => {
      const f = await mediaFile(req, req.params.id, req.query.access_link, 'doc');
      return sendStored(req, reply, {
        files: fileStore,
        relPath: f.relPath,
        mime: f.mime,
        fileName: f.name,
        attachment: true,
      });
    },
  );
  app.get(
    '/api/chapters/video/:id/stream',
    { onRequest: userOrLink, schema: { tags: ['media'], params: idParamsSchema, querystring: mediaQuery } },
    async (req, reply) => {
      const f = await mediaFile(req, req.params.id, req.query.access_link, 'video');
      return sendStored(req, reply, {
        files: fileStore,
        relPath: f.relPath,
        mime: f.mime,
        fileName: f.name,
        attachment: false,
      });
    },
  );
};
