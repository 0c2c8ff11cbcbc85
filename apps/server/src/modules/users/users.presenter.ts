import { createHash } from 'node:crypto';
import { SCOPES, type Scope, type UserDto } from '@elearn/shared';

interface UserLike {
  id: number;
  username: string;
  email: string;
  firstName: string;
  lastName: string;
  scopes: readonly string[];
  locale: string;
  emailVerifiedAt: Date | null;
  avatarPath: string | null;
}

export const avatarUrl = (id: number, avatarPath: string | null): string | null =>
  avatarPath
    ? `/api/users/${id}/avatar?v=${createHash('sha1').update(avatarPath).digest('hex').slice(0, 10)}`
    : null;

export function toUserDto(
  user: UserLike,
  companies: { id: number; name: string; shortName: string }[],
): UserDto {
  return {
    id: user.id,
    username: user.username,
    email: user.email,
    first_name: user.firstName,
    last_name: user.lastName,
    scope: user.scopes.filter((s): s is Scope => (SCOPES as readonly string[]).includes(s)),
    // the reference only (a membership's manager flag is not part of the user's answer)
    companies: companies.map(({ id, name, shortName }) => ({ id, name, shortName })),
    email_verified_at: user.emailVerifiedAt ? user.emailVerifiedAt.toISOString() : null,
    avatar_url: avatarUrl(user.id, user.avatarPath),
    locale: user.locale === 'en' ? 'en' : 'de',
  };
}
