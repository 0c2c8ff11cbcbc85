import {
  idParamsSchema,
  mediaDocSchema,
  mediaLinkSchema,
  mediaVideoSchema,
  rules,
  storeLinksBodySchema,
} from '@elearn/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { readMediaForm } from './chapter-media.form.ts';
import type { ChaptersService } from './chapters.service.ts';

/** the text fields of the media uploads (before the files) */
const docFields = z.object({ chapter_id: rules.id() });
const videoFields = z.object({ chapter_id: rules.id(), label: z.string().max(200).optional() });

/** A chapter's media: uploads (multipart), links and their removal. */
export const chapterMediaRoutes: FastifyPluginAsyncZod<{
  chapters: ChaptersService;
  maxVideoMb: number;
  maxDocMb: number;
}> = async (app, { chapters, maxVideoMb, maxDocMb }) => {
  const owner = app.requireScope('trainer', 'admin');

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
      const form = await readMediaForm(req, 'docs', { fileSize: maxDocMb * 1024 * 1024, files: 20 });
      const uploads = await chapters.addMedia(req.user, form.chapterId, 'doc', { files: form.files });
      return reply.code(201).send({ data: { chapter_id: form.chapterId, uploads } });
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
      const form = await readMediaForm(req, 'video', { fileSize: maxVideoMb * 1024 * 1024, files: 1 });
      // the form's fields, filled while the file is read: a label after the file counts too
      const [video] = await chapters.addMedia(
        req.user,
        form.chapterId,
        'video',
        { files: form.files },
        form.fields,
      );
      return reply.code(201).send({ data: { chapter_id: form.chapterId, video: video! } });
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
};
