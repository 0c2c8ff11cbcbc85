import type { AppError } from '../../../errors.ts';
import { auditRepository } from '../../audit/audit.repository.ts';
import { usersService } from '../../users/users.service.ts';
import {
  dropExport,
  ERASURE_STALE_MS,
  EXPORT_STALE_MS,
  mail,
  type PrivacyContext,
  refuseIfBlocked,
} from '../privacy.context.ts';
import { privacyRepository as repo } from '../privacy.repository.ts';

/** Erases or anonymises one claimed account, area by area; the account row last. */
async function erase(ctx: PrivacyContext, userId: number) {
  const { db, log } = ctx;
  const user = await usersService.findById(db, userId);
  if (!user) return;
  try {
    await refuseIfBlocked(ctx, user);
  } catch (err) {
    // something changed during the grace period (seminars were handed to the person): the
    // deletion waits, listed as overdue for the admins, until the reason is gone
    log.warn({ userId, code: (err as AppError).code }, 'account erasure postponed');
    await repo.release(db, userId);
    return;
  }
  for (const area of ctx.areas) if (area.erase) await area.erase(user);
  const at = new Date(ctx.now());
  await db.transaction(async (tx) => {
    await repo.markErased(tx, userId, at);
    // the last mail goes to the address read before it was erased, queued with the erasure
    await mail(ctx, user, 'erased', { path: '/dsg' }, tx);
    await auditRepository.record(
      tx,
      {
        actor: null,
        action: 'user.erased',
        targetType: 'user',
        targetId: userId,
        targetLabel: `#${userId}`,
      },
      at,
    );
  });
  log.info({ event: 'account_erased', userId }, 'account erased');
}

/**
 * Removes expired exports and erases the accounts whose grace period is over. Safe on several
 * instances (each deletion is claimed by one UPDATE). Returns what it did.
 */
export async function sweep(ctx: PrivacyContext): Promise<{ exportsRemoved: number; erased: number }> {
  const { db } = ctx;
  const at = ctx.now();
  const expired = await repo.expiredExports(db, new Date(at), new Date(at - EXPORT_STALE_MS));
  for (const e of expired) await dropExport(ctx, e);
  // at most 50 accounts a sweep (the next sweep takes the rest); a postponed one is released
  const claimed = await repo.claimDue(db, new Date(at), new Date(at - ERASURE_STALE_MS), 50);
  let erased = 0;
  for (const c of claimed) {
    // a failure leaves the row `erasing`: the sweep after ERASURE_STALE_MS takes it up again
    await erase(ctx, c.userId).catch((err: unknown) =>
      ctx.log.error({ err, userId: c.userId }, 'account erasure failed'),
    );
    if ((await repo.findDeletion(db, c.userId))?.status === 'erased') erased++;
  }
  return { exportsRemoved: expired.length, erased };
}
