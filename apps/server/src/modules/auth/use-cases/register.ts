import { encodeMessage, type Locale, type RegisterBody } from '@elearn/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
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
 * `mailSent` is false when the verification mail could not be sent or written.
 * `onCreated` runs right after the user row exists (a company registration adds the membership) */
export async function register(
  ctx: AuthContext,
  req: FastifyRequest,
  reply: FastifyReply,
  body: RegisterBody,
  locale: Locale,
  onCreated?: (user: UserRow) => Promise<void>,
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
    user = await usersService.create(db, {
      username: body.username,
      email: body.email,
      firstName: body.first_name,
      lastName: body.last_name,
      passwordHash,
      locale: body.locale ?? locale,
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw validation({ email: [encodeMessage('validation.email_taken')] });
    throw err;
  }
  if (onCreated) await onCreated(user);
  req.log.info({ event: 'register', userId: user.id }, 'registered');
  await endCurrentSession(ctx, req, reply);
  await ctx.sessions.start(req, reply, { userId: null });
  // the account stands even when the mail cannot be written (disk full, SMTP away): the answer
  // says so, and the user asks for a new link after logging in
  const mailSent = await sendVerification(ctx, user);
  if (!mailSent)
    req.log.warn({ event: 'verification_mail_failed', userId: user.id }, 'verification mail not sent');
  return { user, mailSent };
}
