/** Authorization matrix rows of the resumable (tus) uploads (issue 18; see ../matrix-kit.ts). */

import { TUS_PATH } from '../../modules/chapters/chapter-uploads.ts';
import { all, type Expect, ownerOnly, type Row, type World } from '../matrix-kit.ts';

const TUS = { 'tus-resumable': '1.0.0' };
const b64 = (s: string) => Buffer.from(s).toString('base64');
const metadata = (chapterId: number) => `chapter_id ${b64(String(chapterId))},filename ${b64('v.webm')}`;

/** an upload of 10 bytes begun by the chapter's owner (the trainer) */
async function trainerUpload(w: World): Promise<string> {
  const { chapterId } = await w.bookedSeminar();
  const email = (await w.t.app.database.db.query.users.findFirst({
    where: (u, { eq }) => eq(u.id, w.ids.trainer),
  }))!.email;
  const trainer = await w.t.loginAs(email);
  const res = await trainer.request({
    method: 'POST',
    url: TUS_PATH,
    headers: { ...TUS, 'upload-length': '10', 'upload-metadata': metadata(chapterId) },
  });
  if (res.statusCode !== 201) throw new Error(`upload not created: ${res.statusCode} ${res.body}`);
  return res.headers.location as string;
}

/** only the user who began an upload sees it; everyone else learns nothing (404) */
const creatorOnly = (ok: number): Expect => ({ ...ownerOnly(ok), otherTrainer: 404, admin: 404 });

export const UPLOADS_ROWS: Row[] = [
  // tus discovery (version, extensions, largest size): public, like the protocol asks
  { method: 'OPTIONS', route: TUS_PATH, expect: all(204) },
  {
    method: 'OPTIONS',
    route: `${TUS_PATH}/:uploadId`,
    prepare: async (w) => ({ url: await trainerUpload(w) }),
    expect: all(204),
  },
  {
    method: 'POST',
    route: TUS_PATH,
    prepare: async (w) => ({
      headers: {
        ...TUS,
        'upload-length': '10',
        'upload-metadata': metadata((await w.bookedSeminar()).chapterId),
      },
    }),
    // the chapter's owner and admins; another trainer's chapter is refused
    expect: ownerOnly(201),
  },
  {
    method: 'PATCH',
    route: `${TUS_PATH}/:uploadId`,
    prepare: async (w) => ({
      url: await trainerUpload(w),
      headers: { ...TUS, 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
      body: Buffer.from('0123'),
    }),
    expect: creatorOnly(204),
  },
  {
    method: 'DELETE',
    route: `${TUS_PATH}/:uploadId`,
    prepare: async (w) => ({ url: await trainerUpload(w), headers: TUS }),
    expect: creatorOnly(204),
  },
];
