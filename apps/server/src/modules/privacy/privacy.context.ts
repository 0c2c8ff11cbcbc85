import { EXPORT_VALID_HOURS, type Locale } from '@elearn/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../../config.ts';
import type { Tx } from '../../db/client.ts';
import { AppError, notFound } from '../../errors.ts';
import type { FileStore } from '../../lib/file-store.ts';
import type { JobQueue } from '../../lib/job-queue.ts';
import { type PrivacyMailKind, privacyMail } from '../../lib/mail-templates.ts';
import type { Mailer } from '../../plugins/mail.ts';
import type { SessionManager } from '../../plugins/session.ts';
import type { AuthService } from '../auth/auth.service.ts';
import { type UserRow, usersService } from '../users/users.service.ts';
import { type AreaDeps, type PrivacyArea, privacyAreas } from './privacy.areas.ts';
import { type ExportRow, privacyRepository as repo } from './privacy.repository.ts';

export const DAY_MS = 86_400_000;
/** an export still `pending` after this long was lost (a restart): it counts as failed */
export const EXPORT_STALE_MS = 15 * 60_000;
/** an erasure claimed this long ago and not finished is taken up again by the next sweep */
export const ERASURE_STALE_MS = 15 * 60_000;
/** exports one person may ask for in 24 hours */
export const EXPORTS_PER_DAY = 5;

export const iso = (d: Date) => d.toISOString();
const localeOf = (u: Pick<UserRow, 'locale'>): Locale => (u.locale === 'en' ? 'en' : 'de');
const prefix = (l: Locale) => (l === 'en' ? '/en' : '');
export const label = (u: Pick<UserRow, 'username' | 'email'>) => `${u.username} <${u.email}>`;

export interface PrivacyDeps extends Omit<AreaDeps, 'account'> {
  config: AppConfig;
  mailer: Mailer;
  files: FileStore;
  auth: AuthService;
  sessions: SessionManager;
  /** the job queue: the sweep runs as a scheduled job */
  jobs: JobQueue;
  log: FastifyBaseLogger;
  now?: () => number;
}

/** what the privacy use cases share: the deps, the clock and the areas of a person's data */
export interface PrivacyContext extends PrivacyDeps {
  now: () => number;
  areas: PrivacyArea[];
}

export function createPrivacyContext(deps: PrivacyDeps): PrivacyContext {
  const ctx: PrivacyContext = { ...deps, now: deps.now ?? Date.now, areas: [] };
  ctx.areas = privacyAreas({ ...deps, account: accountArea(ctx) });
  return ctx;
}

/** the account row itself in the export and the erasure (the last area) */
function accountArea(ctx: PrivacyContext): AreaDeps['account'] {
  return {
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
      await usersService.erase(ctx.db, u.id, new Date(ctx.now()));
      if (u.avatarPath) await ctx.files.remove(u.avatarPath);
      await ctx.auth.forgetResetToken(u.email);
    },
    eraseExports: async (u) => {
      for (const e of await repo.exportsOf(ctx.db, u.id)) await dropExport(ctx, e);
    },
  };
}

export async function dropExport(ctx: PrivacyContext, e: ExportRow) {
  if (e.fileKey) await ctx.files.remove(e.fileKey);
  await repo.deleteExport(ctx.db, e.id);
}

const dateText = (d: Date, locale: Locale) =>
  new Intl.DateTimeFormat(locale === 'en' ? 'en-GB' : 'de-CH', {
    dateStyle: 'long',
    timeZone: 'Europe/Zurich',
  }).format(d);

export async function mail(
  ctx: PrivacyContext,
  to: Pick<UserRow, 'email' | 'locale' | 'firstName' | 'username'>,
  kind: PrivacyMailKind,
  p: { path: string; date?: Date; byAdmin?: boolean; subject?: string },
  /** the transaction of the write that causes the mail (the outbox) */
  tx?: Tx,
) {
  const locale = localeOf(to);
  const message = privacyMail(kind, locale, {
    name: to.firstName || to.username,
    url: `${ctx.config.appUrl}${prefix(locale)}${p.path}`,
    date: p.date ? dateText(p.date, locale) : undefined,
    hours: EXPORT_VALID_HOURS,
    byAdmin: p.byAdmin,
    subject: p.subject,
  });
  await ctx.mailer.send({ to: to.email, ...message }, tx ? { tx } : {});
}

/** a person who may be the subject of an export or a deletion (not an erased account) */
export async function subject(ctx: PrivacyContext, userId: number): Promise<UserRow> {
  const user = await usersService.findById(ctx.db, userId);
  if (!user) throw notFound();
  if ((await repo.findDeletion(ctx.db, userId))?.status === 'erased') throw notFound();
  return user;
}

/** the reasons an account cannot be deleted yet; throws the first */
export async function refuseIfBlocked(ctx: PrivacyContext, user: UserRow) {
  const owned = await ctx.seminars.personalData.countOwned(user.id);
  if (owned > 0) throw new AppError(409, 'privacy.owns_seminars', 'privacy.owns_seminars', { count: owned });
  const alone = await ctx.companies.personalData.managedAlone(user.id);
  if (alone.length > 0)
    throw new AppError(409, 'privacy.last_manager', 'privacy.last_manager', {
      companies: alone.map((c) => c.name).join(', '),
    });
  await usersService.refuseLastAdmin(ctx.db, user.id);
}
