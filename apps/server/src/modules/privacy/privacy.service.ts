import { Readable } from 'node:stream';
import {
  type DataExportDto,
  DELETION_GRACE_DAYS,
  type DeletionState,
  EXPORT_VALID_HOURS,
  encodeMessage,
  type Locale,
  type Paginated,
  type PendingDeletionDto,
} from '@elearn/shared';
import archiver from 'archiver';
import contentDisposition from 'content-disposition';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../../config.ts';
import { AppError, conflict, notFound, tooManyRequests, validation } from '../../errors.ts';
import type { AfterResponse } from '../../lib/after-response.ts';
import { randomToken } from '../../lib/crypto.ts';
import { type FileStore, putFile } from '../../lib/file-store.ts';
import { type PrivacyMailKind, privacyMail } from '../../lib/mail-templates.ts';
import { verifyPassword } from '../../lib/passwords.ts';
import type { Mailer } from '../../plugins/mail.ts';
import type { AuthUser, SessionManager } from '../../plugins/session.ts';
import { auditRepository } from '../audit/audit.repository.ts';
import type { AuthService } from '../auth/auth.service.ts';
import { type UserRow, usersService } from '../users/users.service.ts';
import { type AreaDeps, type PrivacyArea, privacyAreas } from './privacy.areas.ts';
import { type ExportRow, privacyRepository as repo } from './privacy.repository.ts';

const DAY_MS = 86_400_000;
/** an export still `pending` after this long was lost (a restart): it counts as failed */
const EXPORT_STALE_MS = 15 * 60_000;
/** an erasure claimed this long ago and not finished is taken up again by the next sweep */
const ERASURE_STALE_MS = 15 * 60_000;
/** exports one person may ask for in 24 hours */
const EXPORTS_PER_DAY = 5;
const SWEEP_EVERY_MS = 15 * 60_000;

const iso = (d: Date) => d.toISOString();
const localeOf = (u: Pick<UserRow, 'locale'>): Locale => (u.locale === 'en' ? 'en' : 'de');
const prefix = (l: Locale) => (l === 'en' ? '/en' : '');
const label = (u: Pick<UserRow, 'username' | 'email'>) => `${u.username} <${u.email}>`;

export type PrivacyService = ReturnType<typeof createPrivacyService>;

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

export interface PrivacyDeps extends Omit<AreaDeps, 'account'> {
  config: AppConfig;
  mailer: Mailer;
  files: FileStore;
  auth: AuthService;
  sessions: SessionManager;
  background: AfterResponse;
  log: FastifyBaseLogger;
  now?: () => number;
}

/**
 * Privacy self-service (issue 19, docs/api/privacy.md): the export of one person's data as a zip
 * archive (one JSON file per area of {@link privacyAreas}, plus their avatar), prepared in the
 * background and kept 24 hours; the deletion of an account after a grace period of 14 days
 * (a login undoes it), then its erasure or anonymisation area by area. Admins do both for anyone.
 */
export function createPrivacyService(deps: PrivacyDeps) {
  const { db, config, mailer, files, auth, sessions, log } = deps;
  const now = deps.now ?? Date.now;

  const areas: PrivacyArea[] = privacyAreas({
    ...deps,
    account: {
      collect: async (u) => ({
        id: u.id,
        username: u.username,
        email: u.email,
        first_name: u.firstName,
        last_name: u.lastName,
        scopes: u.scopes,
        locale: u.locale,
        email_verified_at: u.emailVerifiedAt,
        avatar: u.avatarPath ? `uploads/avatar.${u.avatarPath.split('.').pop()}` : null,
        disabled_at: u.disabledAt,
        created_at: u.createdAt,
        updated_at: u.updatedAt,
      }),
      erase: async (u) => {
        await usersService.erase(db, u.id, new Date(now()));
        if (u.avatarPath) await files.remove(u.avatarPath);
        await auth.forgetResetToken(u.email);
      },
      eraseExports: async (u) => {
        for (const e of await repo.exportsOf(db, u.id)) await dropExport(e);
      },
    },
  });

  async function dropExport(e: ExportRow) {
    if (e.fileKey) await files.remove(e.fileKey);
    await repo.deleteExport(db, e.id);
  }

  const dateText = (d: Date, locale: Locale) =>
    new Intl.DateTimeFormat(locale === 'en' ? 'en-GB' : 'de-CH', {
      dateStyle: 'long',
      timeZone: 'Europe/Zurich',
    }).format(d);

  async function mail(
    to: Pick<UserRow, 'email' | 'locale' | 'firstName' | 'username'>,
    kind: PrivacyMailKind,
    p: { path: string; date?: Date; byAdmin?: boolean; subject?: string },
  ) {
    const locale = localeOf(to);
    const message = privacyMail(kind, locale, {
      name: to.firstName || to.username,
      url: `${config.appUrl}${prefix(locale)}${p.path}`,
      date: p.date ? dateText(p.date, locale) : undefined,
      hours: EXPORT_VALID_HOURS,
      byAdmin: p.byAdmin,
      subject: p.subject,
    });
    return mailer.send({ to: to.email, ...message });
  }

  const exportDto = (e: ExportRow): DataExportDto => {
    const live = e.status === 'ready' && e.expiresAt !== null && e.expiresAt.getTime() > now();
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
  };

  /** a person who may be the subject of an export or a deletion (not an erased account) */
  async function subject(userId: number): Promise<UserRow> {
    const user = await usersService.findById(db, userId);
    if (!user) throw notFound();
    if ((await repo.findDeletion(db, userId))?.status === 'erased') throw notFound();
    return user;
  }

  /** the reasons an account cannot be deleted yet; throws the first */
  async function refuseIfBlocked(user: UserRow) {
    const owned = await deps.seminars.personalData.countOwned(user.id);
    if (owned > 0)
      throw new AppError(409, 'privacy.owns_seminars', 'privacy.owns_seminars', { count: owned });
    const alone = await deps.companies.personalData.managedAlone(user.id);
    if (alone.length > 0)
      throw new AppError(409, 'privacy.last_manager', 'privacy.last_manager', {
        companies: alone.map((c) => c.name).join(', '),
      });
    await usersService.refuseLastAdmin(db, user.id);
  }

  /** Builds the archive of an export row and announces it; never throws (the row says failed). */
  async function buildExport(exportId: number) {
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
        const at = new Date(now());
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
      const at = now();
      const ready = await repo.markReady(
        db,
        row.id,
        key,
        info?.size ?? 0,
        new Date(at),
        new Date(at + EXPORT_VALID_HOURS * 3_600_000),
      );
      if (!ready) {
        await files.remove(key);
        return;
      }
      const requester = await usersService.findById(db, row.requestedBy);
      if (requester)
        await mail(requester, 'export_ready', {
          path: '/user/privacy',
          subject: requester.id === user.id ? undefined : label(user),
        });
    } catch (err) {
      log.error({ err, exportId }, 'data export failed');
      await files.remove(key).catch(() => {});
      await repo.markFailed(db, row.id);
    }
  }

  /** Erases or anonymises one claimed account, area by area; the account row last. */
  async function erase(userId: number) {
    const user = await usersService.findById(db, userId);
    if (!user) return;
    try {
      await refuseIfBlocked(user);
    } catch (err) {
      // something changed during the grace period (seminars were handed to the person): the
      // deletion waits, listed as overdue for the admins, until the reason is gone
      log.warn({ userId, code: (err as AppError).code }, 'account erasure postponed');
      await repo.release(db, userId);
      return;
    }
    // the last mail goes to the address before it is erased
    await mail(user, 'erased', { path: '/dsg' });
    for (const area of areas) if (area.erase) await area.erase(user);
    const at = new Date(now());
    await repo.markErased(db, userId, at);
    await auditRepository.record(
      db,
      {
        actor: null,
        action: 'user.erased',
        targetType: 'user',
        targetId: userId,
        targetLabel: `#${userId}`,
      },
      at,
    );
    log.info({ event: 'account_erased', userId }, 'account erased');
  }

  async function startDeletion(actor: AuthUser, user: UserRow) {
    await refuseIfBlocked(user);
    const at = now();
    const dueAt = new Date(at + DELETION_GRACE_DAYS * DAY_MS);
    const row = await repo.insertDeletion(db, {
      userId: user.id,
      requestedBy: actor.id,
      requestedAt: new Date(at),
      dueAt,
    });
    if (!row) throw conflict('privacy.deletion_pending', 'privacy.deletion_pending');
    // the person is logged out everywhere: logging in again is how the deletion is undone
    await sessions.destroyAllForUser(user.id);
    await auditRepository.record(db, {
      actor: { id: actor.id, username: actor.username },
      action: 'user.deletion_requested',
      targetType: 'user',
      targetId: user.id,
      targetLabel: label(user),
      after: { due_at: iso(dueAt) },
    });
    await mail(user, 'deletion_requested', { path: '/login', date: dueAt, byAdmin: actor.id !== user.id });
    return {
      pending: true,
      requested_at: iso(row.requestedAt),
      due_at: iso(row.dueAt),
    } satisfies DeletionState;
  }

  // a login within the grace period undoes the deletion; an account being erased stays out
  auth.onLogin(async (userId) => {
    const pending = await repo.findDeletion(db, userId);
    if (!pending) return;
    if (pending.status !== 'pending') throw new AppError(403, 'auth.disabled', 'auth.disabled');
    const canceled = await repo.cancelDeletion(db, userId);
    if (!canceled) return;
    const user = await usersService.findById(db, userId);
    if (!user) return;
    await auditRepository.record(db, {
      actor: { id: user.id, username: user.username },
      action: 'user.deletion_canceled',
      targetType: 'user',
      targetId: user.id,
      targetLabel: label(user),
      before: { due_at: iso(canceled.dueAt) },
    });
    await mail(user, 'deletion_canceled', { path: '/user' });
  });

  let timer: NodeJS.Timeout | null = null;
  let running: Promise<unknown> = Promise.resolve();

  const service = {
    areas,

    /**
     * Asks for an export of `userId`'s data (the caller's own, or an admin's on request); it is
     * prepared in the background and announced by mail. @throws privacy.export_pending (409),
     * rate_limited (429), not_found (404)
     */
    async requestExport(actor: AuthUser, userId: number): Promise<DataExportDto> {
      const user = await subject(userId);
      const at = now();
      if (await repo.pendingExport(db, user.id, actor.id, new Date(at - EXPORT_STALE_MS)))
        throw conflict('privacy.export_pending', 'privacy.export_pending');
      const recent = (await repo.exportsRequestedBy(db, actor.id, 50)).filter(
        (e) => e.createdAt.getTime() > at - DAY_MS,
      );
      if (recent.length >= EXPORTS_PER_DAY) {
        const oldest = recent[recent.length - 1]!;
        throw tooManyRequests(Math.max(1, Math.ceil((oldest.createdAt.getTime() + DAY_MS - at) / 1000)));
      }
      const row = await repo.insertExport(db, user.id, actor.id, new Date(at));
      if (actor.id !== user.id)
        await auditRepository.record(db, {
          actor: { id: actor.id, username: actor.username },
          action: 'user.export_requested',
          targetType: 'user',
          targetId: user.id,
          targetLabel: label(user),
        });
      deps.background.start('privacy-export', () => buildExport(row.id));
      return exportDto(row);
    },

    /** the exports the caller asked for (newest first, at most 20), expired ones left out */
    async listExports(actor: AuthUser): Promise<DataExportDto[]> {
      const rows = await repo.exportsRequestedBy(db, actor.id, 20);
      return rows.filter((e) => !e.expiresAt || e.expiresAt.getTime() > now()).map(exportDto);
    },

    /**
     * The archive, for the account that asked for it only (anyone else: 404).
     * @throws privacy.export_pending (409), privacy.export_expired (410)
     */
    async openExport(
      actor: AuthUser,
      id: number,
    ): Promise<{ body: Readable; size: number; disposition: string }> {
      const row = await repo.findExport(db, id);
      if (!row || row.requestedBy !== actor.id || row.status === 'failed') throw notFound();
      if (row.status === 'pending') throw conflict('privacy.export_pending', 'privacy.export_pending');
      const gone = () => new AppError(410, 'privacy.export_expired', 'privacy.export_expired');
      if (!row.fileKey || !row.expiresAt || row.expiresAt.getTime() <= now()) throw gone();
      const info = await files.stat(row.fileKey);
      if (!info) throw gone();
      const day = iso(row.createdAt).slice(0, 10);
      return {
        body: await files.read(row.fileKey),
        size: info.size,
        disposition: contentDisposition(`data-export-${row.userId}-${day}.zip`),
      };
    },

    /**
     * The caller deletes their own account (password confirmed): pending for 14 days, then erased.
     * @throws validation_failed (422, wrong password), privacy.owns_seminars /
     * privacy.last_manager / admin.last_admin / privacy.deletion_pending (409)
     */
    async requestOwnDeletion(actor: AuthUser, password: string): Promise<DeletionState> {
      const user = await subject(actor.id);
      if (!(await verifyPassword(user.passwordHash, password)))
        throw validation({ password: [encodeMessage('validation.current_password')] });
      return startDeletion(actor, user);
    },

    /** an admin asks for the deletion of another account on the person's request */
    async requestDeletionFor(admin: AuthUser, userId: number): Promise<DeletionState> {
      if (admin.id === userId) throw conflict('privacy.own_account', 'privacy.own_account');
      return startDeletion(admin, await subject(userId));
    },

    /** an admin withdraws a pending deletion. @throws privacy.not_pending (409) */
    async cancelDeletionFor(admin: AuthUser, userId: number): Promise<DeletionState> {
      const user = await subject(userId);
      const canceled = await repo.cancelDeletion(db, userId);
      if (!canceled) throw conflict('privacy.not_pending', 'privacy.not_pending');
      await auditRepository.record(db, {
        actor: { id: admin.id, username: admin.username },
        action: 'user.deletion_canceled',
        targetType: 'user',
        targetId: user.id,
        targetLabel: label(user),
        before: { due_at: iso(canceled.dueAt) },
      });
      await mail(user, 'deletion_canceled', { path: '/user', byAdmin: true });
      return { pending: false, requested_at: null, due_at: null };
    },

    /** the deletion state of an account (admin user page) */
    async deletionState(userId: number): Promise<DeletionState> {
      await subject(userId);
      const row = await repo.findDeletion(db, userId);
      return row
        ? { pending: true, requested_at: iso(row.requestedAt), due_at: iso(row.dueAt) }
        : { pending: false, requested_at: null, due_at: null };
    },

    /** the deletions not yet carried out, the earliest due first */
    async pendingDeletions(q: { page: number; per_page: number }): Promise<Paginated<PendingDeletionDto>> {
      const { rows, total } = await repo.pendingPage(db, {
        limit: q.per_page,
        offset: (q.page - 1) * q.per_page,
      });
      return {
        data: rows.map((r) => ({
          user_id: r.userId,
          username: r.username,
          email: r.email,
          first_name: r.firstName,
          last_name: r.lastName,
          requested_at: iso(r.requestedAt),
          due_at: iso(r.dueAt),
          self: r.requestedBy === r.userId,
        })),
        current_page: q.page,
        last_page: Math.max(1, Math.ceil(total / q.per_page)),
        per_page: q.per_page,
        total,
      };
    },

    /**
     * Removes expired exports and erases the accounts whose grace period is over. Safe on several
     * instances (each deletion is claimed by one UPDATE). Returns what it did.
     */
    async sweep(): Promise<{ exportsRemoved: number; erased: number }> {
      const at = now();
      const expired = await repo.expiredExports(db, new Date(at), new Date(at - EXPORT_STALE_MS));
      for (const e of expired) await dropExport(e);
      // at most 50 accounts a sweep (the next sweep takes the rest); a postponed one is released
      const claimed = await repo.claimDue(db, new Date(at), new Date(at - ERASURE_STALE_MS), 50);
      let erased = 0;
      for (const c of claimed) {
        // a failure leaves the row `erasing`: the sweep after ERASURE_STALE_MS takes it up again
        await erase(c.userId).catch((err: unknown) =>
          log.error({ err, userId: c.userId }, 'account erasure failed'),
        );
        if ((await repo.findDeletion(db, c.userId))?.status === 'erased') erased++;
      }
      return { exportsRemoved: expired.length, erased };
    },

    /** runs the sweep every 15 minutes (and once shortly after the start) */
    startSweeper() {
      const tick = () => {
        running = service.sweep().catch((err: unknown) => log.error({ err }, 'privacy sweep failed'));
      };
      const first = setTimeout(tick, 30_000);
      first.unref();
      timer = setInterval(tick, SWEEP_EVERY_MS);
      timer.unref();
      return async () => {
        clearTimeout(first);
        if (timer) clearInterval(timer);
        await running;
      };
    },
  };
  return service;
}
