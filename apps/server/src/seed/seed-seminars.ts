import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { chapterFiles, chapterLinks, chapters, enrolments, seminars } from '../db/schema/index.ts';
import { randomToken } from '../lib/crypto.ts';
import { type FileStore, putFile } from '../lib/file-store.ts';
import { WEB_PUBLIC } from '../paths.ts';
import { DEMO_SEMINAR_TITLES, demoSlug } from './demo-seminars.ts';

const SAMPLE_VIDEO = path.join(WEB_PUBLIC, 'media', 'sample.mp4');
// a small valid one-page PDF
const DEMO_PDF = `%PDF-1.4
1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj
2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj
3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 595 842]/Contents 4 0 R/Resources<</Font<</F1 5 0 R>>>>>>endobj
4 0 obj<</Length 58>>stream
BT /F1 24 Tf 72 760 Td (Projektarbeit: Checkliste) Tj ET
endstream endobj
5 0 obj<</Type/Font/Subtype/Type1/BaseFont/Helvetica>>endobj
trailer<</Root 1 0 R>>
%%EOF
`;

/**
 * The demo seminars of the trainer (free and public, priced, a draft) with their chapters, a video,
 * a document and a link, the demo student enrolled in the free one. Does nothing when any seminar
 * exists.
 */
export async function seedSeminars(db: Db, ids: Record<string, number>, files: FileStore, currency: string) {
  const trainer = ids.trainer;
  if (!trainer) return;
  const [existing] = await db.select({ n: sql<number>`count(*)::int` }).from(seminars);
  if ((existing?.n ?? 0) > 0) return;
  const [intro] = await db
    .insert(seminars)
    .values({
      slug: demoSlug('intro'),
      title: DEMO_SEMINAR_TITLES.intro,
      description:
        '<p>Ein kompakter Einstieg: Ziele setzen, planen, im Team arbeiten. Mit Video, Checkliste und weiterführenden Links.</p>',
      price: 0,
      currency,
      isPublic: true,
      ownerId: trainer,
    })
    .returning();
  const priced = await db
    .insert(seminars)
    .values([
      {
        slug: demoSlug('leadership'),
        title: DEMO_SEMINAR_TITLES.leadership,
        description: '<p>Für neue Führungskräfte: Gespräche führen, Feedback geben, Konflikte lösen.</p>',
        price: 24900,
        currency,
        isPublic: true,
        ownerId: trainer,
      },
      {
        slug: demoSlug('draft'),
        title: DEMO_SEMINAR_TITLES.draft,
        description: '<p>Noch in Arbeit.</p>',
        price: 0,
        currency,
        isPublic: false,
        ownerId: trainer,
      },
    ])
    .returning();
  const leadership = priced.find((s) => s.slug === demoSlug('leadership'));
  if (leadership) {
    await db.insert(chapters).values([
      {
        seminarId: leadership.id,
        label: 'Die Rolle als Führungskraft',
        description: '<p>Vom Teammitglied zur Führungskraft.</p>',
        content: '<p>Führen heisst: Ziele klären, Rahmen setzen, Menschen entwickeln.</p>',
        position: 0,
        unlocked: 1,
      },
      {
        seminarId: leadership.id,
        label: 'Feedback geben',
        description: '<p>Konkret, zeitnah und wertschätzend.</p>',
        content: '<p>Beschreiben Sie Beobachtungen, nicht Eigenschaften.</p>',
        position: 1,
        unlocked: 1,
      },
    ]);
  }
  if (!intro) return;
  await seedIntroChapters(db, ids, files, intro.id);
}

/** the free seminar's chapters (one with a sub-chapter, a video and a document, one with a link) */
async function seedIntroChapters(db: Db, ids: Record<string, number>, files: FileStore, introId: number) {
  const [c1, c2] = await db
    .insert(chapters)
    .values([
      {
        seminarId: introId,
        label: 'Ziele und Planung',
        description: '<p>Warum Projekte scheitern und wie ein guter Plan aussieht.</p>',
        content:
          '<h2>Ziele</h2><p>Formulieren Sie Ziele <strong>spezifisch</strong> und <em>messbar</em>.</p>',
        position: 0,
        unlocked: 1,
      },
      {
        seminarId: introId,
        label: 'Zusammenarbeit im Team',
        description: '<p>Rollen, Kommunikation und Werkzeuge.</p>',
        content: '<p>Gute Teams klären früh, wer was entscheidet.</p>',
        position: 1,
        unlocked: 1,
      },
    ])
    .returning();
  if (!c1 || !c2) return;
  await db.insert(chapters).values({
    seminarId: introId,
    chapterId: c1.id,
    label: 'Meilensteine festlegen',
    content: '<ul><li>Ergebnis</li><li>Termin</li><li>Verantwortung</li></ul>',
    position: 0,
    unlocked: 1,
  });
  const videoRel = `videos/${randomToken(18)}.mp4`;
  await putFile(files, videoRel, createReadStream(SAMPLE_VIDEO), 'video/mp4');
  const videoSize = (await stat(SAMPLE_VIDEO)).size;
  const docRel = `docs/${randomToken(18)}.pdf`;
  await putFile(files, docRel, Buffer.from(DEMO_PDF), 'application/pdf');
  await db.insert(chapterFiles).values([
    {
      chapterId: c1.id,
      kind: 'video',
      label: 'Einführungsvideo',
      originalName: 'einfuehrung.mp4',
      storagePath: videoRel,
      mime: 'video/mp4',
      size: videoSize,
      sha256: '',
    },
    {
      chapterId: c1.id,
      kind: 'doc',
      label: 'Checkliste',
      originalName: 'Checkliste Projektarbeit.pdf',
      storagePath: docRel,
      mime: 'application/pdf',
      size: Buffer.byteLength(DEMO_PDF),
      sha256: '',
    },
  ]);
  await db
    .insert(chapterLinks)
    .values({ chapterId: c2.id, label: 'Scrum Guide', url: 'https://scrumguides.org/' });
  if (ids.student)
    await db.insert(enrolments).values({ seminarId: introId, userId: ids.student, source: 'free' });
}
