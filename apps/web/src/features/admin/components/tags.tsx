import type { Scope } from '@elearn/shared';
import { useTranslation } from 'react-i18next';

/** A user's account state as the users filter names it. */
export type UserStatus = 'active' | 'disabled' | 'unverified';

export const userStatus = (user: { disabled: boolean; email_verified: boolean }): UserStatus =>
  user.disabled ? 'disabled' : user.email_verified ? 'active' : 'unverified';

const STATUS_COLOR: Record<UserStatus, string> = {
  active: 'is-success',
  disabled: 'is-danger',
  unverified: 'is-warning',
};

export function UserStatusTag({ user }: { user: { disabled: boolean; email_verified: boolean } }) {
  const { t } = useTranslation();
  const status = userStatus(user);
  return (
    <span className={`tag is-light ${STATUS_COLOR[status]}`} data-testid="user-status" data-status={status}>
      {t(`admin.userStatus.${status}`)}
    </span>
  );
}

/** The scopes of a user as tags; no scope is "student" (spec section 6). */
export function ScopeTags({ scopes }: { scopes: readonly Scope[] }) {
  const { t } = useTranslation();
  return (
    <span className="tags" data-testid="user-scopes" data-scopes={scopes.join(' ')}>
      {scopes.length === 0 ? (
        <span className="tag">{t('admin.scopes.student')}</span>
      ) : (
        scopes.map((scope) => (
          <span
            key={scope}
            className={`tag ${scope === 'admin' ? 'is-danger is-light' : 'is-info is-light'}`}
          >
            {t(`admin.scopes.${scope}`)}
          </span>
        ))
      )}
    </span>
  );
}

const PAYMENT_COLOR: Record<string, string> = {
  paid: 'is-success',
  open: 'is-info',
  pending: 'is-info',
  authorized: 'is-info',
  failed: 'is-danger',
  canceled: 'is-warning',
  expired: 'is-warning',
};

/** A payment or booking status with its name in the page language (unknown ones as they are). */
export function StatusTag({ status }: { status: string }) {
  const { t } = useTranslation();
  return (
    <span
      className={`tag is-light ${PAYMENT_COLOR[status] ?? (status === 'free' || status === 'company' ? 'is-success' : '')}`}
      data-testid="status-tag"
      data-status={status}
    >
      {t(`admin.status.${status}`, { defaultValue: status })}
    </span>
  );
}
