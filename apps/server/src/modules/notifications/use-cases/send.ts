import type { NotificationKind } from '@elearn/shared';
import type { Tx } from '../../../db/client.ts';
import { type NotificationsContext, pageUrl } from '../notifications.context.ts';
import { notificationMail } from '../notifications.mails.ts';
import type { Recipient } from '../notifications.repository.ts';
import { unsubscribeToken } from '../notifications.tokens.ts';

/** queues a notification mail in the caller's transaction, with its unsubscribe link and headers */
export function queueNotification(
  ctx: NotificationsContext,
  tx: Tx,
  to: Recipient,
  kind: NotificationKind,
  body: Parameters<typeof notificationMail>[3],
): Promise<void> {
  const token = unsubscribeToken(ctx.config.sessionSecret, to.id, kind);
  const mail = notificationMail(to.email, to.locale, kind, body, {
    unsubscribe: `${ctx.config.appUrl}/api/unsubscribe?token=${token}`,
    page: `${pageUrl(ctx, to.locale, '/unsubscribe')}?token=${token}`,
    settings: pageUrl(ctx, to.locale, '/user#notifications'),
  });
  return ctx.mailer.send(mail, { tx });
}

export const fullName = (r: { firstName: string; lastName: string }) => `${r.firstName} ${r.lastName}`.trim();
