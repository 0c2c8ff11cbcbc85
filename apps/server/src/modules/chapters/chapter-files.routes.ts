import { idParamsSchema } from '@elearn/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { FileStore } from '../../lib/file-store.ts';
import { sendStored } from '../../lib/storage.ts';
import type { ChaptersService } from './chapters.service.ts';

/** A chapter's files for players and access-link holders: document downloads, video streams. */
export const chapterFileRoutes: FastifyPluginAsyncZod<{
  chapters: ChaptersService;
  /** where uploaded files are stored (local disk or a bucket) */
  fileStore: FileStore;
  /** the seminar a live access link opens and its employee (companies module); throws for a dead link */
  seminarOfLink: (token: string, ip: string) => Promise<{ seminarId: number; userId: number }>;
}> = async (app, { chapters, fileStore, seminarOfLink }) => {
  // media answer a player (a guest too, on a free preview: the use case refuses the rest with
  // 401), or the holder of an access link (`?access_link=`, no account)
  const mediaQuery = z.object({ access_link: z.string().min(1).max(200).optional() });
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
    '/api/chapters/doc/:id/download',
    { schema: { tags: ['media'], params: idParamsSchema, querystring: mediaQuery } },
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
    { schema: { tags: ['media'], params: idParamsSchema, querystring: mediaQuery } },
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
