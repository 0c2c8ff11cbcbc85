import { encodeMessage, type Locale, type UserDto } from '@elearn/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppConfig } from '../../config.ts';
import type { Db, DbOrTx, Tx } from '../../db/client.ts';
import { passwordResetTokens } from '../../db/schema/index.ts';
import { tooManyRequests, validation } from '../../errors.ts';
import { hmacHex, randomToken, sha1Hex, sha256Hex } from '../../lib/crypto.ts';
import type { FileStore } from '../../lib/file-store.ts';
import type { JobQueue } from '../../lib/job-queue.ts';
import { actionMail } from '../../lib/mail-templates.ts';
import { isCommonPassword } from '../../lib/passwords.ts';
import type { RateCounter } from '../../lib/rate-counter.ts';
import type { Mailer } from '../../plugins/mail.ts';
import type { SessionManager } from '../../plugins/session.ts';
import { toUserDto } from '../users/users.presenter.ts';
import { type UserRow, usersService } from '../users/users.service.ts';

export const LINK_MINUTES = 60;

export interface AuthDeps {
  db: Db;
  config: AppConfig;
  mailer: Mailer;
  /** the job queue: a forgotten password's look-up runs as a job */
  jobs: JobQueue;
  counter: RateCounter;
  /** where avatars are stored */
  fileStore: FileStore;
  sessions: SessionManager;
  now?: () => number;
}

/** what the auth use cases share: the deps, the clock and the listeners of other modules */
export interface AuthContext extends AuthDeps {
  now: () => number;
  /** run once a user's address is verified (companies: a pending membership begins) */
  verifiedListeners: ((userId: number) => Promise<void>)[];
  /** run after a successful login, before the session starts (privacy: a pending deletion ends) */
  loginListeners: ((userId: number) => Promise<void>)[];
}

export function createAuthContext(deps: AuthDeps): AuthContext {
  return { ...deps, now: deps.now ?? Date.now, verifiedListeners: [], loginListeners: [] };
}

export const localePrefix = (l: Locale) => (l === 'en' ? '/en' : '');

export const isUniqueViolation = (err: unknown) =>
  typeof err === 'object' && err !== null && (err as { code?: string }).code === '23505';

export async function throttle(ctx: AuthContext, key: string, limit: number, windowSeconds: number) {
  const { count, resetInSeconds } = await ctx.counter.hit(key, windowSeconds);
  if (count > limit * ctx.config.rateLimitFactor) throw tooManyRequests(resetInSeconds);
}

export const signVerification = (ctx: AuthContext, id: number, hash: string, expires: number) =>
  hmacHex(ctx.config.sessionSecret, `verify|${id}|${hash}|${expires}`);

export function verificationUrl(ctx: AuthContext, user: Pick<UserRow, 'id' | 'email' | 'locale'>): string {
  const expires = Math.floor(ctx.now() / 1000) + LINK_MINUTES * 60;
  const hash = sha1Hex(user.email);
  const signature = signVerification(ctx, user.id, hash, expires);
  const locale: Locale = user.locale === 'en' ? 'en' : 'de';
  return `${ctx.config.appUrl}${localePrefix(locale)}/email/verify/${user.id}/${hash}?expires=${expires}&signature=${signature}`;
}

/** queues the verification mail; with `tx`, in the transaction of the write that causes it */
export async function sendVerification(ctx: AuthContext, user: UserRow, tx?: Tx) {
  const locale: Locale = user.locale === 'en' ? 'en' : 'de';
  const mail = actionMail('verify', locale, user.firstName, verificationUrl(ctx, user), LINK_MINUTES);
  await ctx.mailer.send({ to: user.email, ...mail }, tx ? { tx } : {});
}

/** stores a fresh reset token (the previous one ends) and queues its mail, in one transaction */
export async function sendReset(ctx: AuthContext, user: UserRow) {
  await ctx.db.transaction(async (tx) => {
    await ctx.mailer.send(await prepareReset(ctx, user, tx), { tx });
  });
}

/** stores a fresh reset token (the previous one ends); returns the mail with the link */
async function prepareReset(ctx: AuthContext, user: UserRow, db: DbOrTx) {
  const token = randomToken(32);
  await db
    .insert(passwordResetTokens)
    .values({ email: user.email, tokenHash: sha256Hex(token), createdAt: new Date(ctx.now()) })
    .onConflictDoUpdate({
      target: passwordResetTokens.email,
      set: { tokenHash: sha256Hex(token), createdAt: new Date(ctx.now()) },
    });
  const locale: Locale = user.locale === 'en' ? 'en' : 'de';
  const url = `${ctx.config.appUrl}${localePrefix(locale)}/reset-password/${token}?email=${encodeURIComponent(user.email)}`;
  return { to: user.email, ...actionMail('reset', locale, user.firstName, url, LINK_MINUTES) };
}

/** @throws validation_failed (422) for a password on the top-3,000 list */
export function refuseCommon(password: string, field = 'password') {
  if (isCommonPassword(password))
    throw validation({ [field]: [encodeMessage('validation.common_password')] });
}

export async function userDto(ctx: AuthContext, user: UserRow): Promise<UserDto> {
  return toUserDto(user, await usersService.companiesOf(ctx.db, user.id));
}

export async function endCurrentSession(ctx: AuthContext, req: FastifyRequest, reply: FastifyReply) {
  if (req.session) await ctx.sessions.destroy(req, reply);
}
