import type { FastifyRequest } from 'fastify';
import { AppError, unauthenticated } from '../../../errors.ts';
import { safeEqual, sha1Hex } from '../../../lib/crypto.ts';
import { usersService } from '../../users/users.service.ts';
import { type AuthContext, sendVerification, signVerification, throttle } from '../auth.context.ts';

/** @throws auth.verify_invalid / auth.verify_expired (403) */
export async function verifyEmail(
  ctx: AuthContext,
  id: number,
  hash: string,
  expires: string | undefined,
  signature: string | undefined,
) {
  const exp = Number(expires);
  const invalid = () => new AppError(403, 'auth.verify_invalid', 'auth.verify_invalid');
  if (!signature || !expires || !/^\d{1,12}$/.test(expires) || !/^[0-9a-f]{40}$/.test(hash)) throw invalid();
  if (!safeEqual(signature, signVerification(ctx, id, hash, exp))) throw invalid();
  if (exp * 1000 < ctx.now()) throw new AppError(403, 'auth.verify_expired', 'auth.verify_expired');
  const user = await usersService.findById(ctx.db, id);
  if (!user || !safeEqual(hash, sha1Hex(user.email))) throw invalid();
  if (user.emailVerifiedAt) return { alreadyVerified: true };
  await usersService.markVerified(ctx.db, user.id, new Date(ctx.now()));
  for (const listener of ctx.verifiedListeners) await listener(user.id);
  return { alreadyVerified: false };
}

export async function resendVerification(ctx: AuthContext, req: FastifyRequest, email: string | undefined) {
  const { db } = ctx;
  await throttle(ctx, `verify-resend:${req.ip}`, 6, 60);
  const target = req.user
    ? await usersService.findById(db, req.user.id)
    : email
      ? await usersService.findByEmail(db, email)
      : undefined;
  if (!target && !email && !req.user) throw unauthenticated();
  if (!target || target.emailVerifiedAt || target.disabledAt) return;
  const perEmail = await ctx.counter.hit(`verify-mail:${target.email}`, 60);
  if (perEmail.count > 1 * ctx.config.rateLimitFactor) return;
  await sendVerification(ctx, target);
}
