import {
  DELETION_GRACE_DAYS,
  type DeletionState,
  encodeMessage,
  type Paginated,
  type PendingDeletionDto,
} from '@elearn/shared';
import { AppError, conflict, validation } from '../../../errors.ts';
import { verifyPassword } from '../../../lib/passwords.ts';
import type { AuthUser } from '../../../plugins/session.ts';
import { auditRepository } from '../../audit/audit.repository.ts';
import { type UserRow, usersService } from '../../users/users.service.ts';
import {
  DAY_MS,
  iso,
  label,
  mail,
  type PrivacyContext,
  refuseIfBlocked,
  subject,
} from '../privacy.context.ts';
import { privacyRepository as repo } from '../privacy.repository.ts';

async function startDeletion(ctx: PrivacyContext, actor: AuthUser, user: UserRow) {
  await refuseIfBlocked(ctx, user);
  const at = ctx.now();
  const dueAt = new Date(at + DELETION_GRACE_DAYS * DAY_MS);
  // the deletion, its audit entry and its mail commit together (the outbox)
  const row = await ctx.db.transaction(async (tx) => {
    const inserted = await repo.insertDeletion(tx, {
      userId: user.id,
      requestedBy: actor.id,
      requestedAt: new Date(at),
      dueAt,
    });
    if (!inserted) throw conflict('privacy.deletion_pending', 'privacy.deletion_pending');
    await auditRepository.record(tx, {
      actor: { id: actor.id, username: actor.username },
      action: 'user.deletion_requested',
      targetType: 'user',
      targetId: user.id,
      targetLabel: label(user),
      after: { due_at: iso(dueAt) },
    });
    const byAdmin = actor.id !== user.id;
    await mail(ctx, user, 'deletion_requested', { path: '/login', date: dueAt, byAdmin }, tx);
    return inserted;
  });
  // the person is logged out everywhere: logging in again is how the deletion is undone
  await ctx.sessions.destroyAllForUser(user.id);
  return {
    pending: true,
    requested_at: iso(row.requestedAt),
    due_at: iso(row.dueAt),
  } satisfies DeletionState;
}

/**
 * The caller deletes their own account (password confirmed): pending for 14 days, then erased.
 * @throws validation_failed (422, wrong password), privacy.owns_seminars /
 * privacy.last_manager / admin.last_admin / privacy.deletion_pending (409)
 */
export async function requestOwnDeletion(
  ctx: PrivacyContext,
  actor: AuthUser,
  password: string,
): Promise<DeletionState> {
  const user = await subject(ctx, actor.id);
  if (!(await verifyPassword(user.passwordHash, password)))
    throw validation({ password: [encodeMessage('validation.current_password')] });
  return startDeletion(ctx, actor, user);
}

/** an admin asks for the deletion of another account on the person's request */
export async function requestDeletionFor(
  ctx: PrivacyContext,
  admin: AuthUser,
  userId: number,
): Promise<DeletionState> {
  if (admin.id === userId) throw conflict('privacy.own_account', 'privacy.own_account');
  return startDeletion(ctx, admin, await subject(ctx, userId));
}

/** an admin withdraws a pending deletion. @throws privacy.not_pending (409) */
export async function cancelDeletionFor(
  ctx: PrivacyContext,
  admin: AuthUser,
  userId: number,
): Promise<DeletionState> {
  const user = await subject(ctx, userId);
  await ctx.db.transaction(async (tx) => {
    const canceled = await repo.cancelDeletion(tx, userId);
    if (!canceled) throw conflict('privacy.not_pending', 'privacy.not_pending');
    await auditRepository.record(tx, {
      actor: { id: admin.id, username: admin.username },
      action: 'user.deletion_canceled',
      targetType: 'user',
      targetId: user.id,
      targetLabel: label(user),
      before: { due_at: iso(canceled.dueAt) },
    });
    await mail(ctx, user, 'deletion_canceled', { path: '/user', byAdmin: true }, tx);
  });
  return { pending: false, requested_at: null, due_at: null };
}

/** a login within the grace period undoes the deletion; an account being erased stays out */
export async function cancelDeletionAtLogin(ctx: PrivacyContext, userId: number) {
  const { db } = ctx;
  const pending = await repo.findDeletion(db, userId);
  if (!pending) return;
  if (pending.status !== 'pending') throw new AppError(403, 'auth.disabled', 'auth.disabled');
  await db.transaction(async (tx) => {
    const canceled = await repo.cancelDeletion(tx, userId);
    if (!canceled) return;
    const user = await usersService.findById(tx, userId);
    if (!user) return;
    await auditRepository.record(tx, {
      actor: { id: user.id, username: user.username },
      action: 'user.deletion_canceled',
      targetType: 'user',
      targetId: user.id,
      targetLabel: label(user),
      before: { due_at: iso(canceled.dueAt) },
    });
    await mail(ctx, user, 'deletion_canceled', { path: '/user' }, tx);
  });
}

/** the deletion state of an account (admin user page) */
export async function deletionState(ctx: PrivacyContext, userId: number): Promise<DeletionState> {
  await subject(ctx, userId);
  const row = await repo.findDeletion(ctx.db, userId);
  return row
    ? { pending: true, requested_at: iso(row.requestedAt), due_at: iso(row.dueAt) }
    : { pending: false, requested_at: null, due_at: null };
}

/** the deletions not yet carried out, the earliest due first */
export async function pendingDeletions(
  ctx: PrivacyContext,
  q: { page: number; per_page: number },
): Promise<Paginated<PendingDeletionDto>> {
  const { rows, total } = await repo.pendingPage(ctx.db, {
    limit: q.per_page,
    offset: (q.page - 1) * q.per_page,
  });
  return {
    data: rows.map((r) => ({
      user_id: r.userId,
      username: r.username,
      email: r.email,
      first_name: r.firstName,
      last_name: r.lastName,
      requested_at: iso(r.requestedAt),
      due_at: iso(r.dueAt),
      self: r.requestedBy === r.userId,
    })),
    current_page: q.page,
    last_page: Math.max(1, Math.ceil(total / q.per_page)),
    per_page: q.per_page,
    total,
  };
}
