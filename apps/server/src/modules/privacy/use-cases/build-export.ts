import { Readable } from 'node:stream';
import { EXPORT_VALID_HOURS } from '@elearn/shared';
import archiver from 'archiver';
import { randomToken } from '../../../lib/crypto.ts';
import { putFile } from '../../../lib/file-store.ts';
import { usersService } from '../../users/users.service.ts';
import { iso, label, mail, type PrivacyContext } from '../privacy.context.ts';
import { privacyRepository as repo } from '../privacy.repository.ts';

/** a JSON array written item by item as the pages arrive (the same text as JSON.stringify(…, 2)) */
async function* jsonArray(pages: AsyncIterable<unknown[]>): AsyncGenerator<Buffer> {
  let first = true;
  for await (const rows of pages) {
    for (const row of rows) {
      const item = JSON.stringify(row, null, 2).replace(/\n/g, '\n  ');
      yield Buffer.from(`${first ? '[\n  ' : ',\n  '}${item}`);
      first = false;
    }
  }
  yield Buffer.from(first ? '[]' : '\n]');
}

/** Builds the archive of an export row and announces it; never throws (the row says failed). */
export async function buildExport(ctx: PrivacyContext, exportId: number) {
  const { db, files, areas } = ctx;
  const row = await repo.findExport(db, exportId);
  if (row?.status !== 'pending') return;
  const key = `exports/${randomToken(24)}.zip`;
  try {
    const user = await usersService.findById(db, row.userId);
    if (!user) throw new Error('the export’s user is gone');
    const archive = archiver('zip', { zlib: { level: 6 } });
    const written = putFile(files, key, archive as unknown as AsyncIterable<Buffer>, 'application/zip');
    // the writer reads the archive while it is filled: one area's JSON in memory at a time
    const filled = (async () => {
      const at = new Date(ctx.now());
      const manifest = {
        generated_at: iso(at),
        user_id: user.id,
        requested_by: row.requestedBy,
        areas: areas.map((a) => ({
          file: `${a.name}.json`,
          tables: a.tables,
          after_deletion: a.effect,
          ...(a.reason ? { why: a.reason } : {}),
        })),
        uploads:
          'uploads/: your own uploads (avatar); media of seminars you own are listed in authored.json, not copied',
      };
      archive.append(JSON.stringify(manifest, null, 2), { name: 'manifest.json' });
      for (const area of areas) {
        if (area.pages) {
          archive.append(Readable.from(jsonArray(area.pages(user))), { name: `${area.name}.json` });
          continue;
        }
        const data = await area.collect(user);
        archive.append(JSON.stringify(data, null, 2), { name: `${area.name}.json` });
      }
      if (user.avatarPath && (await files.stat(user.avatarPath))) {
        const ext = user.avatarPath.split('.').pop();
        archive.append(await files.read(user.avatarPath), { name: `uploads/avatar.${ext}` });
      }
      await archive.finalize();
    })().catch((err: unknown) => {
      archive.abort();
      throw err;
    });
    await Promise.all([written, filled]);
    const info = await files.stat(key);
    const at = ctx.now();
    // the export is ready and its mail queued together (the outbox)
    const ready = await db.transaction(async (tx) => {
      const marked = await repo.markReady(
        tx,
        row.id,
        key,
        info?.size ?? 0,
        new Date(at),
        new Date(at + EXPORT_VALID_HOURS * 3_600_000),
      );
      const requester = marked && (await usersService.findById(tx, row.requestedBy));
      if (requester) {
        const subject = requester.id === user.id ? undefined : label(user);
        await mail(ctx, requester, 'export_ready', { path: '/user/privacy', subject }, tx);
      }
      return marked;
    });
    if (!ready) {
      await files.remove(key);
      return;
    }
  } catch (err) {
    ctx.log.error({ err, exportId }, 'data export failed');
    await files.remove(key).catch(() => {});
    await repo.markFailed(db, row.id);
  }
}
