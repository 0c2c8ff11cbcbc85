import { type AdminUserDto, SCOPES, type Scope } from '@elearn/shared';
import { conflict } from '../../../errors.ts';
import type { AuthUser } from '../../../plugins/session.ts';
import { usersService as users } from '../../users/users.service.ts';
import { type AdminContext, actorOf, label } from '../admin.context.ts';
import { userDto, userRow } from '../admin.dto.ts';

/** @throws admin.last_admin (409) when no active admin would remain */
export async function setScopes(
  ctx: AdminContext,
  actor: AuthUser,
  id: number,
  scopes: Scope[],
): Promise<AdminUserDto> {
  const wanted = SCOPES.filter((s) => scopes.includes(s));
  await ctx.db.transaction(async (tx) => {
    const before = await users.changeScopes(tx, id, wanted);
    await ctx.record(tx, {
      actor: actorOf(actor),
      action: 'user.scopes',
      targetType: 'user',
      targetId: id,
      targetLabel: label(before),
      before: { scopes: before.scopes },
      after: { scopes: wanted },
    });
  });
  return userDto(await userRow(ctx, id));
}

/** @throws admin.last_admin (409) for the last active admin */
export async function setDisabled(
  ctx: AdminContext,
  actor: AuthUser,
  id: number,
  disabled: boolean,
): Promise<AdminUserDto> {
  await ctx.db.transaction(async (tx) => {
    const before = await users.setDisabled(tx, id, disabled, new Date(ctx.now()));
    // their access links end as when they leave the company or are unassigned
    if (disabled) await ctx.companies.revokeLinksOfUser(tx, id);
    await ctx.record(tx, {
      actor: actorOf(actor),
      action: disabled ? 'user.disabled' : 'user.enabled',
      targetType: 'user',
      targetId: id,
      targetLabel: label(before),
      before: { disabled: before.disabledAt !== null },
      after: { disabled },
    });
  });
  // committed: a disabled account's sessions are refused from now on; end them all at once
  if (disabled) await ctx.auth.endSessionsOf(id);
  return userDto(await userRow(ctx, id));
}

/** @throws admin.user_disabled, admin.already_verified (409) */
export async function resendVerification(ctx: AdminContext, actor: AuthUser, id: number): Promise<void> {
  const { user } = await userRow(ctx, id);
  if (user.disabledAt) throw conflict('admin.user_disabled', 'admin.user_disabled');
  if (user.emailVerifiedAt) throw conflict('admin.already_verified', 'admin.already_verified');
  await ctx.auth.sendVerificationTo(user);
  await ctx.record(ctx.db, {
    actor: actorOf(actor),
    action: 'user.verification_sent',
    targetType: 'user',
    targetId: id,
    targetLabel: label(user),
  });
}

/** @throws admin.user_disabled (409): a disabled account gets no mail */
export async function startPasswordReset(ctx: AdminContext, actor: AuthUser, id: number): Promise<void> {
  const { user } = await userRow(ctx, id);
  if (user.disabledAt) throw conflict('admin.user_disabled', 'admin.user_disabled');
  await ctx.auth.sendResetTo(user);
  await ctx.record(ctx.db, {
    actor: actorOf(actor),
    action: 'user.password_reset',
    targetType: 'user',
    targetId: id,
    targetLabel: label(user),
  });
}
