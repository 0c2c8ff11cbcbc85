import { createHash, createHmac } from 'node:crypto';
import { NOTIFICATION_KINDS, type NotificationKind } from '@elearn/shared';
import { safeEqual } from '../../lib/crypto.ts';

/*
 * One-click unsubscribe tokens (RFC 8058, issue 36 item 6): `<user id>.<kind>.<signature>`, the
 * signature an HMAC-SHA256 of user and kind under a key derived from the app's secret. They do
 * not expire (a mail read months later still unsubscribes) and cannot be guessed or altered.
 */

const keyOf = (secret: string) => createHash('sha256').update(`unsubscribe|${secret}`).digest();
const sign = (secret: string, userId: number, kind: NotificationKind) =>
  createHmac('sha256', keyOf(secret)).update(`${userId}.${kind}`).digest('base64url');

export function unsubscribeToken(secret: string, userId: number, kind: NotificationKind): string {
  return `${userId}.${kind}.${sign(secret, userId, kind)}`;
}

/** the user and kind a token stands for; null when it is malformed, altered or signed by another secret */
export function readUnsubscribeToken(
  secret: string,
  token: string,
): { userId: number; kind: NotificationKind } | null {
  const m = /^([1-9]\d{0,9})\.([a-z_]{1,40})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!m) return null;
  const userId = Number(m[1]);
  const kind = m[2] as NotificationKind;
  if (!NOTIFICATION_KINDS.includes(kind)) return null;
  return safeEqual(sign(secret, userId, kind), m[3]!) ? { userId, kind } : null;
}
