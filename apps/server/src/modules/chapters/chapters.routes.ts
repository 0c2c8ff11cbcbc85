import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FileStore } from '../../lib/file-store.ts';
import { chapterFileRoutes } from './chapter-files.routes.ts';
import { chapterMediaRoutes } from './chapter-media.routes.ts';
import { chapterTreeRoutes } from './chapter-tree.routes.ts';
import type { ChaptersService } from './chapters.service.ts';

export interface ChapterRoutesOptions {
  chapters: ChaptersService;
  /** where uploaded files are stored (local disk or a bucket) */
  fileStore: FileStore;
  maxVideoMb: number;
  maxDocMb: number;
  /** the seminar a live access link opens and its employee (companies module); throws for a dead link */
  seminarOfLink: (token: string, ip: string) => Promise<{ seminarId: number; userId: number }>;
}

/**
 * Chapters and media (spec section 7 "Chapters"; paths verbatim, plus reorder and file routes):
 * the chapters (chapter-tree.routes.ts), their media (chapter-media.routes.ts), then the media's
 * downloads and streams (chapter-files.routes.ts).
 */
export const chapterRoutes: FastifyPluginAsyncZod<ChapterRoutesOptions> = async (app, opts) => {
  await app.register(chapterTreeRoutes, { chapters: opts.chapters });
  await app.register(chapterMediaRoutes, opts);
  await app.register(chapterFileRoutes, opts);
};
