import type { Readable } from 'node:stream';
import type { DataExportDto } from '@elearn/shared';
import contentDisposition from 'content-disposition';
import { AppError, conflict, notFound, tooManyRequests } from '../../../errors.ts';
import type { AuthUser } from '../../../plugins/session.ts';
import { auditRepository } from '../../audit/audit.repository.ts';
import {
  DAY_MS,
  EXPORT_STALE_MS,
  EXPORTS_PER_DAY,
  iso,
  label,
  type PrivacyContext,
  subject,
} from '../privacy.context.ts';
import { type ExportRow, privacyRepository as repo } from '../privacy.repository.ts';
import { buildExport } from './build-export.ts';

function exportDto(ctx: PrivacyContext, e: ExportRow): DataExportDto {
  const live = e.status === 'ready' && e.expiresAt !== null && e.expiresAt.getTime() > ctx.now();
  return {
    id: e.id,
    user_id: e.userId,
    status: e.status as DataExportDto['status'],
    size: e.size,
    created_at: iso(e.createdAt),
    ready_at: e.readyAt ? iso(e.readyAt) : null,
    expires_at: e.expiresAt ? iso(e.expiresAt) : null,
    download_url: live ? `/api/privacy/exports/${e.id}/download` : null,
  };
}

/** the job kind that builds an export's archive */
export const PRIVACY_EXPORT_JOB = 'privacy-export';

/**
 * The worker of the exports: builds the archive of a pending export (a repeat after a crash builds
 * it again; a finished or failed one is left alone). At most two at a time per instance.
 */
export async function defineExportJob(ctx: PrivacyContext): Promise<void> {
  await ctx.jobs.define<{ exportId: number }>(
    PRIVACY_EXPORT_JOB,
    ({ exportId }) => buildExport(ctx, exportId),
    {
      concurrency: 2,
      retryLimit: 2,
    },
  );
}

/**
 * Asks for an export of `userId`'s data (the caller's own, or an admin's on request); a job of the
 * queue prepares it and announces it by mail. @throws privacy.export_pending (409),
 * rate_limited (429), not_found (404)
 */
export async function requestExport(
  ctx: PrivacyContext,
  actor: AuthUser,
  userId: number,
): Promise<DataExportDto> {
  const { db } = ctx;
  const user = await subject(ctx, userId);
  const at = ctx.now();
  if (await repo.pendingExport(db, user.id, actor.id, new Date(at - EXPORT_STALE_MS)))
    throw conflict('privacy.export_pending', 'privacy.export_pending');
  const recent = (await repo.exportsRequestedBy(db, actor.id, 50)).filter(
    (e) => e.createdAt.getTime() > at - DAY_MS,
  );
  if (recent.length >= EXPORTS_PER_DAY) {
    const oldest = recent[recent.length - 1]!;
    throw tooManyRequests(Math.max(1, Math.ceil((oldest.createdAt.getTime() + DAY_MS - at) / 1000)));
  }
  // the row, its audit entry and the job that builds the archive commit together
  const row = await db.transaction(async (tx) => {
    const inserted = await repo.insertExport(tx, user.id, actor.id, new Date(at));
    if (actor.id !== user.id)
      await auditRepository.record(tx, {
        actor: { id: actor.id, username: actor.username },
        action: 'user.export_requested',
        targetType: 'user',
        targetId: user.id,
        targetLabel: label(user),
      });
    await ctx.jobs.enqueue(PRIVACY_EXPORT_JOB, { exportId: inserted.id }, { tx });
    return inserted;
  });
  ctx.jobs.wake();
  return exportDto(ctx, row);
}

/** the exports the caller asked for (newest first, at most 20), expired ones left out */
export async function listExports(ctx: PrivacyContext, actor: AuthUser): Promise<DataExportDto[]> {
  const rows = await repo.exportsRequestedBy(ctx.db, actor.id, 20);
  return rows.filter((e) => !e.expiresAt || e.expiresAt.getTime() > ctx.now()).map((e) => exportDto(ctx, e));
}

/**
 * The archive, for the account that asked for it only (anyone else: 404).
 * @throws privacy.export_pending (409), privacy.export_expired (410)
 */
export async function openExport(
  ctx: PrivacyContext,
  actor: AuthUser,
  id: number,
): Promise<{ body: Readable; size: number; disposition: string }> {
  const row = await repo.findExport(ctx.db, id);
  if (!row || row.requestedBy !== actor.id || row.status === 'failed') throw notFound();
  if (row.status === 'pending') throw conflict('privacy.export_pending', 'privacy.export_pending');
  const gone = () => new AppError(410, 'privacy.export_expired', 'privacy.export_expired');
  if (!row.fileKey || !row.expiresAt || row.expiresAt.getTime() <= ctx.now()) throw gone();
  const info = await ctx.files.stat(row.fileKey);
  if (!info) throw gone();
  const day = iso(row.createdAt).slice(0, 10);
  return {
    body: await ctx.files.read(row.fileKey),
    size: info.size,
    disposition: contentDisposition(`data-export-${row.userId}-${day}.zip`),
  };
}
