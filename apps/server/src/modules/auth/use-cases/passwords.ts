import { type ChangePasswordBody, encodeMessage, type ResetPasswordBody } from '@elearn/shared';
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { passwordResetTokens } from '../../../db/schema/index.ts';
import { unauthenticated, validation } from '../../../errors.ts';
import { safeEqual, sha256Hex } from '../../../lib/crypto.ts';
import { hashPassword, verifyPassword } from '../../../lib/passwords.ts';
import type { AuthUser } from '../../../plugins/session.ts';
import { usersService } from '../../users/users.service.ts';
import { type AuthContext, LINK_MINUTES, refuseCommon, sendReset, throttle } from '../auth.context.ts';

/** the job kind of a forgotten password: its worker looks the address up */
export const PASSWORD_RESET_JOB = 'password-reset';

/**
 * Counts the attempt and queues the rest as a job (look-up, token, mail): the request does the
 * same work for a known and an unknown address, so its timing does not tell whether the address
 * has an account. Nothing is queued when the address had its mail this minute.
 */
export async function forgotPassword(ctx: AuthContext, req: FastifyRequest, email: string): Promise<void> {
  await throttle(ctx, `forgot-ip:${req.ip}`, 6, 60);
  const perEmail = await ctx.counter.hit(`forgot:${email}`, 60);
  if (perEmail.count > 1 * ctx.config.rateLimitFactor) return;
  await ctx.jobs.enqueue(PASSWORD_RESET_JOB, { email });
  ctx.jobs.wake();
}

/**
 * The job of a forgotten password: a known, enabled address gets a fresh token and its mail (one
 * transaction); any other nothing. A repeat after a crash sends a new link, which ends the first.
 */
export async function defineResetJob(ctx: AuthContext): Promise<void> {
  await ctx.jobs.define<{ email: string }>(PASSWORD_RESET_JOB, async ({ email }) => {
    const user = await usersService.findByEmail(ctx.db, email);
    if (!user || user.disabledAt) return;
    await sendReset(ctx, user);
  });
}

/** drops an address's open password reset token (an erased account, issue 19) */
export async function forgetResetToken(ctx: AuthContext, email: string) {
  await ctx.db.delete(passwordResetTokens).where(eq(passwordResetTokens.email, email));
}

/** @throws auth.reset_invalid (422) for an unknown, used, foreign or expired token */
export async function resetPassword(ctx: AuthContext, body: ResetPasswordBody) {
  const { db } = ctx;
  const [row] = await db
    .select()
    .from(passwordResetTokens)
    .where(eq(passwordResetTokens.email, body.email))
    .limit(1);
  const invalid = () =>
    validation({ email: [encodeMessage('auth.reset_invalid')] }, 'auth.reset_invalid', 'auth.reset_invalid');
  if (!row || !safeEqual(row.tokenHash, sha256Hex(body.token))) throw invalid();
  if (ctx.now() - row.createdAt.getTime() > LINK_MINUTES * 60_000) {
    await db.delete(passwordResetTokens).where(eq(passwordResetTokens.email, body.email));
    throw invalid();
  }
  const user = await usersService.findByEmail(db, body.email);
  if (!user || user.disabledAt) throw invalid();
  refuseCommon(body.password);
  const passwordHash = await hashPassword(body.password);
  // single use: the token row goes first, so a concurrent second use finds nothing
  const deleted = await db
    .delete(passwordResetTokens)
    .where(eq(passwordResetTokens.email, body.email))
    .returning({ email: passwordResetTokens.email });
  if (deleted.length === 0) throw invalid();
  await usersService.setPassword(db, user.id, passwordHash);
  await ctx.sessions.destroyAllForUser(user.id);
}

export async function changePassword(
  ctx: AuthContext,
  req: FastifyRequest,
  user: AuthUser,
  body: ChangePasswordBody,
) {
  const row = await usersService.findById(ctx.db, user.id);
  if (!row) throw unauthenticated();
  if (!(await verifyPassword(row.passwordHash, body.current_password))) {
    throw validation({ current_password: [encodeMessage('validation.current_password')] });
  }
  refuseCommon(body.password);
  await usersService.setPassword(ctx.db, user.id, await hashPassword(body.password));
  // decision (ASVS 7.4.3): a password change ends every other session of the user
  await ctx.sessions.destroyAllForUser(user.id, req.session?.id);
}
