import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { chapterFiles, chapterLinks, chapters, enrolments, seminars } from '../db/schema/index.ts';
import { randomToken } from '../lib/crypto.ts';
import { putFile } from '../lib/file-store.ts';

export const SAMPLE_WEBM = fileURLToPath(new URL('../../../web/public/media/sample.webm', import.meta.url));
export const SAMPLE_MP4 = fileURLToPath(new URL('../../../web/public/media/sample.mp4', import.meta.url));
/** the smallest PDF that file-type recognises */
export const PDF = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

let n = 0;

/**
 * Seminars with chapters and media written straight into the database and the upload
 * directory (fast, no HTTP), for authorization and listing tests.
 */
export function seminarFixtures(app: FastifyInstance) {
  const db = app.database.db;
  async function storedFile(kind: 'doc' | 'video' | 'image', data: Buffer, ext: string) {
    const dir = kind === 'doc' ? 'docs' : kind === 'video' ? 'videos' : 'seminars';
    const rel = `${dir}/${randomToken(12)}.${ext}`;
    await putFile(app.files, rel, data);
    return rel;
  }
  return {
    async seminar(
      ownerId: number,
      opts: {
        isPublic?: boolean;
        price?: number;
        title?: string;
        bookedBy?: number[];
        image?: boolean;
        isCompany?: boolean;
        companyId?: number | null;
        createdAt?: Date;
      } = {},
    ) {
      n++;
      const title = opts.title ?? `Seminar ${n}`;
      const [s] = await db
        .insert(seminars)
        .values({
          slug: `fixture-${n}-${randomToken(4)
            .toLowerCase()
            .replace(/[^a-z0-9]/g, 'x')}`,
          title,
          description: `<p>About ${title}</p>`,
          price: opts.price ?? 0,
          currency: 'CHF',
          isPublic: opts.isPublic ?? true,
          isCompany: opts.isCompany ?? false,
          companyId: opts.companyId ?? null,
          ownerId,
          imagePath: opts.image ? await storedFile('image', PNG, 'png') : null,
          ...(opts.createdAt ? { createdAt: opts.createdAt } : {}),
        })
        .returning();
      for (const userId of opts.bookedBy ?? []) {
        await db.insert(enrolments).values({ seminarId: s!.id, userId, source: 'free' });
      }
      return s!;
    },
    async chapter(
      seminarId: number,
      opts: { unlocked?: boolean; parentId?: number | null; position?: number; label?: string } = {},
    ) {
      n++;
      const [c] = await db
        .insert(chapters)
        .values({
          seminarId,
          chapterId: opts.parentId ?? null,
          label: opts.label ?? `Chapter ${n}`,
          content: '<p>Secret content</p>',
          description: '<p>Description</p>',
          position: opts.position ?? n,
          unlocked: opts.unlocked === false ? 0 : 1,
        })
        .returning();
      return c!;
    },
    async doc(chapterId: number) {
      const rel = await storedFile('doc', PDF, 'pdf');
      const [f] = await db
        .insert(chapterFiles)
        .values({
          chapterId,
          kind: 'doc',
          label: 'Skript',
          originalName: 'skript.pdf',
          storagePath: rel,
          mime: 'application/pdf',
          size: PDF.length,
          sha256: 'x',
        })
        .returning();
      return f!;
    },
    async video(chapterId: number) {
      const data = await readFile(SAMPLE_WEBM);
      const rel = await storedFile('video', data, 'webm');
      const [f] = await db
        .insert(chapterFiles)
        .values({
          chapterId,
          kind: 'video',
          label: 'Film',
          originalName: 'film.webm',
          storagePath: rel,
          mime: 'video/webm',
          size: data.length,
          sha256: 'x',
        })
        .returning();
      return f!;
    },
    async link(chapterId: number) {
      const [l] = await db
        .insert(chapterLinks)
        .values({ chapterId, label: 'Docs', url: 'https://example.com/' })
        .returning();
      return l!;
    },
  };
}
