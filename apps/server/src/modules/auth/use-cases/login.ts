import { encodeMessage, type LoginAnswer, type LoginBody, landingPath } from '@elearn/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError, tooManyRequests, validation } from '../../../errors.ts';
import { hashPassword, needsRehash, verifyPassword } from '../../../lib/passwords.ts';
import { toUserDto } from '../../users/users.presenter.ts';
import { usersService } from '../../users/users.service.ts';
import { type AuthContext, endCurrentSession } from '../auth.context.ts';

/** @throws auth.throttled (429), auth.failed (422), auth.disabled (403) */
export async function login(
  ctx: AuthContext,
  req: FastifyRequest,
  reply: FastifyReply,
  body: LoginBody,
): Promise<LoginAnswer> {
  const { counter, db } = ctx;
  const f = ctx.config.rateLimitFactor;
  const emailKey = `login:${body.email}|${req.ip}`;
  const ipKey = `login-ip:${req.ip}`;
  // the attempt is reserved before the password check, atomically, so that however many
  // requests run in parallel at most 5 checks per e-mail+IP and 50 per IP run in a window
  const perIp = await counter.reserve(ipKey, 600, 50 * f);
  if (!perIp.allowed) throw tooManyRequests(perIp.resetInSeconds, 'auth.throttled');
  const perEmail = await counter.reserve(emailKey, 60, 5 * f);
  if (!perEmail.allowed) {
    await counter.release(ipKey);
    throw tooManyRequests(perEmail.resetInSeconds, 'auth.throttled');
  }

  const user = await usersService.findByEmail(db, body.email);
  const ok = await verifyPassword(user?.passwordHash ?? null, body.password);
  if (!user || !ok) {
    req.log.info({ event: 'login_failed' }, 'login failed');
    throw validation({ email: [encodeMessage('auth.failed')] }, 'auth.failed', 'auth.failed');
  }
  // a successful login does not count: the e-mail's failures end, the IP's reservation returns
  await Promise.all([counter.clear(emailKey), counter.release(ipKey)]);
  if (user.disabledAt) throw new AppError(403, 'auth.disabled', 'auth.disabled');
  for (const listener of ctx.loginListeners) await listener(user.id);
  if (needsRehash(user.passwordHash)) {
    await usersService.setPassword(db, user.id, await hashPassword(body.password));
  }
  // a new session id and CSRF token at login; the pre-login session ends (no fixation)
  await endCurrentSession(ctx, req, reply);
  await ctx.sessions.start(req, reply, { userId: user.id, remember: body.remember ?? false });
  req.log.info({ event: 'login', userId: user.id }, 'login');
  const memberships = await usersService.companiesOf(db, user.id);
  const dto = toUserDto(user, memberships);
  // a company manager lands on their team's overview (issue 36 item 1)
  const managed = memberships.filter((c) => c.manager).map((c) => c.shortName);
  return { ...dto, landing: landingPath(dto, body.redirect, managed) };
}

export async function logout(ctx: AuthContext, req: FastifyRequest, reply: FastifyReply) {
  await ctx.sessions.destroy(req, reply);
  // a fresh guest session so that the SPA has a valid CSRF token right away
  await ctx.sessions.start(req, reply, { userId: null });
  // "storage" only: "cookies" would also drop the consent and language cookies, which the spec
  // keeps for 365 days; the session itself is deleted on the server and its cookie replaced
  reply.header('Clear-Site-Data', '"storage"');
}
