import { type Locale, type NotificationKind, type NotificationPrefs, t } from '@elearn/shared';
import { AppError } from '../../../errors.ts';
import type { NotificationsContext } from '../notifications.context.ts';
import { notificationsRepository as repo } from '../notifications.repository.ts';
import { readUnsubscribeToken } from '../notifications.tokens.ts';

export const myPrefs = (ctx: NotificationsContext, userId: number) => repo.prefsOf(ctx.db, userId);

export async function saveMyPrefs(
  ctx: NotificationsContext,
  userId: number,
  prefs: NotificationPrefs,
): Promise<NotificationPrefs> {
  await repo.savePrefs(ctx.db, userId, prefs, new Date(ctx.now()));
  return repo.prefsOf(ctx.db, userId);
}

const invalid = (status: 400 | 404) => new AppError(status, 'unsubscribe.invalid', 'unsubscribe.invalid');

/**
 * The recipient and kind of an unsubscribe token.
 * @throws unsubscribe.invalid: 400 malformed or altered, 404 its account is gone
 */
export async function unsubscribeTarget(
  ctx: NotificationsContext,
  token: string,
): Promise<{ userId: number; kind: NotificationKind; locale: Locale }> {
  const read = readUnsubscribeToken(ctx.config.sessionSecret, token);
  if (!read) throw invalid(400);
  const locale = await repo.localeOf(ctx.db, read.userId);
  if (!locale) throw invalid(404);
  return { ...read, locale };
}

/** one-click unsubscribe (RFC 8058): the kind is turned off for the token's recipient */
export async function unsubscribe(ctx: NotificationsContext, token: string) {
  const target = await unsubscribeTarget(ctx, token);
  await repo.savePrefs(ctx.db, target.userId, { [target.kind]: false }, new Date(ctx.now()));
  return { ...target, message: t(target.locale, 'unsubscribe.done') };
}
