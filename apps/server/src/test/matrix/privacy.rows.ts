/** Authorization matrix rows of the privacy routes (issue 19; see ../matrix-kit.ts, docs/api/privacy.md). */
import { accountDeletions, dataExports } from '../../db/schema/index.ts';
import { randomToken } from '../../lib/crypto.ts';
import { putFile } from '../../lib/file-store.ts';
import { all, type Expect, loggedIn, type Row } from '../matrix-kit.ts';

/** admins only: guests 401, every other role 403 */
const adminOnly = (ok: number): Expect => ({ ...all(403), guest: 401, admin: ok });

export const PRIVACY_ROWS: Row[] = [
  // everyone logged in asks for an export of their own data
  { method: 'POST', route: '/api/privacy/exports', expect: loggedIn(202) },
  { method: 'GET', route: '/api/privacy/exports', expect: loggedIn(200) },
  {
    method: 'GET',
    route: '/api/privacy/exports/:id/download',
    // a ready export the trainer asked for: only the trainer downloads it; nobody else (admins
    // included) learns that it exists
    prepare: async (w) => {
      const key = `exports/${randomToken(12)}.zip`;
      await putFile(w.t.app.files, key, Buffer.from('PK\u0005\u0006'.padEnd(22, '\u0000'), 'latin1'));
      const at = Date.now();
      const [row] = await w.t.app.database.db
        .insert(dataExports)
        .values({
          userId: w.ids.trainer,
          requestedBy: w.ids.trainer,
          status: 'ready',
          fileKey: key,
          size: 22,
          readyAt: new Date(at),
          expiresAt: new Date(at + 86_400_000),
        })
        .returning();
      return { url: `/api/privacy/exports/${row!.id}/download` };
    },
    expect: { ...all(404), guest: 401, trainer: 200 },
  },
  {
    method: 'POST',
    route: '/api/privacy/deletion',
    // one's own account only (there is no id); a wrong password changes nothing
    body: { password: 'not-the-password' },
    expect: loggedIn(422),
  },
  {
    method: 'POST',
    route: '/api/admin/users/:id/export',
    prepare: async (w) => ({ url: `/api/admin/users/${(await w.t.make.user()).id}/export` }),
    expect: adminOnly(202),
  },
  {
    method: 'GET',
    route: '/api/admin/users/:id/deletion',
    prepare: async (w) => ({ url: `/api/admin/users/${w.ids.student}/deletion` }),
    expect: adminOnly(200),
  },
  {
    method: 'POST',
    route: '/api/admin/users/:id/deletion',
    prepare: async (w) => ({ url: `/api/admin/users/${(await w.t.make.user()).id}/deletion` }),
    expect: adminOnly(202),
  },
  {
    method: 'DELETE',
    route: '/api/admin/users/:id/deletion',
    prepare: async (w) => {
      const user = await w.t.make.user();
      await w.t.app.database.db
        .insert(accountDeletions)
        .values({ userId: user.id, requestedBy: user.id, dueAt: new Date(Date.now() + 14 * 86_400_000) });
      return { url: `/api/admin/users/${user.id}/deletion` };
    },
    expect: adminOnly(200),
  },
  { method: 'GET', route: '/api/admin/deletions', expect: adminOnly(200) },
];
