import type { Readable } from 'node:stream';
import {
  AVATAR_MAX_BYTES,
  encodeMessage,
  type Locale,
  type ProfileFields,
  type UserDto,
} from '@elearn/shared';
import { fileTypeFromBuffer } from 'file-type';
import type { Tx } from '../../../db/client.ts';
import { unauthenticated, validation } from '../../../errors.ts';
import { emailChangedMail } from '../../../lib/mail-templates.ts';
import { verifyPassword } from '../../../lib/passwords.ts';
import { removeStored, storeBuffer } from '../../../lib/storage.ts';
import type { AuthUser } from '../../../plugins/session.ts';
import { type UserRow, usersService } from '../../users/users.service.ts';
import {
  type AuthContext,
  isUniqueViolation,
  localePrefix,
  sendVerification,
  userDto,
} from '../auth.context.ts';

const AVATAR_EXT: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/gif': 'gif',
  'image/webp': 'webp',
};
const AVATAR_TYPE: Record<string, string> = Object.fromEntries(
  Object.entries(AVATAR_EXT).map(([mime, ext]) => [ext, mime]),
);

/** the avatar's file extension, or an error message for the field */
async function avatarCheck(avatar: { data: Buffer; truncated: boolean }) {
  if (avatar.truncated || avatar.data.length > AVATAR_MAX_BYTES) {
    return { error: encodeMessage('validation.image_size', { max: AVATAR_MAX_BYTES / 1024 / 1024 }) };
  }
  const type = await fileTypeFromBuffer(avatar.data);
  const ext = type ? (AVATAR_EXT[type.mime] ?? null) : null;
  return ext ? { ext } : { error: encodeMessage('validation.image_type') };
}

/** @throws validation_failed (422) for taken names, bad avatar type or size */
export async function updateProfile(
  ctx: AuthContext,
  user: AuthUser,
  fields: ProfileFields,
  avatar: { data: Buffer; truncated: boolean } | null,
): Promise<UserDto> {
  const { db } = ctx;
  const errors: Record<string, string[]> = {};
  if (await usersService.usernameTaken(db, fields.username, user.id))
    errors.username = [encodeMessage('validation.username_taken')];
  if (await usersService.emailTaken(db, fields.email, user.id))
    errors.email = [encodeMessage('validation.email_taken')];
  const current = await usersService.findById(db, user.id);
  if (!current) throw unauthenticated();
  // a new address takes over the account's mails and password resets: only its owner may set it
  if (fields.email !== current.email && !errors.email) {
    if (!fields.current_password) {
      errors.current_password = [encodeMessage('validation.current_password_for_email')];
    } else if (!(await verifyPassword(current.passwordHash, fields.current_password))) {
      errors.current_password = [encodeMessage('validation.current_password')];
    }
  }
  let avatarExt: string | null = null;
  if (avatar) {
    const checked = await avatarCheck(avatar);
    if (checked.error) errors.avatar = [checked.error];
    else avatarExt = checked.ext ?? null;
  }
  if (Object.keys(errors).length) throw validation(errors);

  let avatarPath = current.avatarPath;
  if (avatar && avatarExt) {
    avatarPath = await storeBuffer(ctx.fileStore, 'avatars', avatarExt, avatar.data);
  }
  const emailChanged = fields.email !== current.email;
  let updated: UserRow | undefined;
  try {
    // a new address and its two mails (the link to the new one, the notice to the old) commit together
    updated = await db.transaction(async (tx) => {
      const row = await usersService.updateProfile(tx, current, {
        username: fields.username,
        email: fields.email,
        firstName: fields.first_name,
        lastName: fields.last_name,
        avatarPath,
      });
      if (row && emailChanged) await queueAddressChangeMails(ctx, current, row, tx);
      return row;
    });
  } catch (err) {
    if (avatarPath !== current.avatarPath && avatarPath) await removeStored(ctx.fileStore, avatarPath);
    if (isUniqueViolation(err)) throw validation({ email: [encodeMessage('validation.email_taken')] });
    throw err;
  }
  if (!updated) throw unauthenticated();
  if (avatarPath !== current.avatarPath && current.avatarPath) {
    await removeStored(ctx.fileStore, current.avatarPath);
  }
  return userDto(ctx, updated);
}

async function queueAddressChangeMails(ctx: AuthContext, current: UserRow, updated: UserRow, tx: Tx) {
  await sendVerification(ctx, updated, tx);
  const locale: Locale = updated.locale === 'en' ? 'en' : 'de';
  const notice = emailChangedMail(locale, {
    name: updated.firstName || updated.username,
    newEmail: updated.email,
    url: `${ctx.config.appUrl}${localePrefix(locale)}/impress`,
  });
  await ctx.mailer.send({ to: current.email, ...notice }, { tx });
}

/** The user's avatar (its bytes, size and type), or null when there is none. */
export async function openAvatar(
  ctx: AuthContext,
  userId: number,
): Promise<{ body: Readable; size: number; type: string } | null> {
  const row = await usersService.findById(ctx.db, userId);
  if (!row?.avatarPath) return null;
  const type = AVATAR_TYPE[row.avatarPath.split('.').pop() ?? ''];
  if (!type) return null;
  const info = await ctx.fileStore.stat(row.avatarPath);
  if (!info) return null;
  return { body: await ctx.fileStore.read(row.avatarPath), size: info.size, type };
}
