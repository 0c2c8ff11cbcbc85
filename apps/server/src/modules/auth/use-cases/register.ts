import { encodeMessage, type Locale, type RegisterBody } from '@elearn/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Tx } from '../../../db/client.ts';
import { validation } from '../../../errors.ts';
import { hashPassword, isCommonPassword } from '../../../lib/passwords.ts';
import { type UserRow, usersService } from '../../users/users.service.ts';
import {
  type AuthContext,
  endCurrentSession,
  isUniqueViolation,
  sendVerification,
  throttle,
} from '../auth.context.ts';

/**
 * @throws validation_failed (422) for taken username or e-mail, rate_limited (429)
 * `onCreated` runs right after the user row exists, in its transaction (a company registration
 * adds the membership). The account and its verification mail commit together (the outbox). */
export async function register(
  ctx: AuthContext,
  req: FastifyRequest,
  reply: FastifyReply,
  body: RegisterBody,
  locale: Locale,
  onCreated?: (user: UserRow, tx: Tx) => Promise<void>,
) {
  const { db } = ctx;
  await throttle(ctx, `register:${req.ip}`, 10, 3600);
  const fields: Record<string, string[]> = {};
  if (isCommonPassword(body.password)) fields.password = [encodeMessage('validation.common_password')];
  if (await usersService.usernameTaken(db, body.username))
    fields.username = [encodeMessage('validation.username_taken')];
  if (await usersService.emailTaken(db, body.email)) fields.email = [encodeMessage('validation.email_taken')];
  if (Object.keys(fields).length) throw validation(fields);
  const passwordHash = await hashPassword(body.password);
  let user: UserRow;
  try {
    user = await db.transaction(async (tx) => {
      const created = await usersService.create(tx, {
        username: body.username,
        email: body.email,
        firstName: body.first_name,
        lastName: body.last_name,
        passwordHash,
        locale: body.locale ?? locale,
      });
      if (onCreated) await onCreated(created, tx);
      await sendVerification(ctx, created, tx);
      return created;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw validation({ email: [encodeMessage('validation.email_taken')] });
    throw err;
  }
  req.log.info({ event: 'register', userId: user.id }, 'registered');
  await endCurrentSession(ctx, req, reply);
  await ctx.sessions.start(req, reply, { userId: null });
  return { user };
}
