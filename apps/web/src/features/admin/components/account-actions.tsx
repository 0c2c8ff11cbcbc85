import type { AdminUserDto } from '@elearn/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { notify } from '@/lib/notifications';
import { useSetUserDisabled } from '../api/set-user-disabled';
import { useUserMail } from '../api/user-mail';
import { errorText } from '../error-text';
import { personName } from '../format';

type Action = 'disable' | 'enable' | 'verification' | 'password-reset';

/**
 * Disable / enable the account, send the verification mail again, start a password reset; each
 * asks first, and a refusal of the server (e.g. the last active admin) stays in the dialog.
 */
export function AccountActions({
  user,
  currentUserId,
}: {
  user: AdminUserDto;
  currentUserId: number | null;
}) {
  const { t } = useTranslation();
  const [action, setAction] = useState<Action | null>(null);
  const [error, setError] = useState<string | null>(null);
  const setDisabled = useSetUserDisabled(currentUserId);
  const mail = useUserMail();
  const busy = setDisabled.isPending || mail.isPending;
  const name = personName(user);

  const open = (next: Action) => {
    setError(null);
    setAction(next);
  };

  const run = async () => {
    if (!action) return;
    setError(null);
    try {
      if (action === 'disable' || action === 'enable') {
        await setDisabled.mutateAsync({ id: user.id, disabled: action === 'disable' });
        notify(
          'success',
          t(action === 'disable' ? 'admin.user.disabledDone' : 'admin.user.enabledDone', { name }),
        );
      } else {
        const answer = await mail.mutateAsync({ id: user.id, kind: action });
        notify('success', answer?.message || t('admin.user.mailSent'));
      }
      setAction(null);
    } catch (failure) {
      setError(errorText(failure, t('admin.user.actionFailed')));
    }
  };

  const texts: Record<
    Action,
    { title: string; text: string; confirm: string; variant: 'danger' | 'primary' }
  > = {
    disable: {
      title: t('admin.user.disableTitle', { name }),
      text: t('admin.user.disableText'),
      confirm: t('admin.user.disable'),
      variant: 'danger',
    },
    enable: {
      title: t('admin.user.enableTitle', { name }),
      text: t('admin.user.enableText'),
      confirm: t('admin.user.enable'),
      variant: 'primary',
    },
    verification: {
      title: t('admin.user.verificationTitle'),
      text: t('admin.user.verificationText', { email: user.email }),
      confirm: t('admin.user.sendMail'),
      variant: 'primary',
    },
    'password-reset': {
      title: t('admin.user.resetTitle'),
      text: t('admin.user.resetText', { email: user.email }),
      confirm: t('admin.user.sendMail'),
      variant: 'primary',
    },
  };
  const current = action ? texts[action] : null;

  return (
    <section aria-labelledby="account-actions-title" data-testid="account-actions">
      <h2 className="title is-5" id="account-actions-title">
        {t('admin.user.accountTitle')}
      </h2>
      <div className="buttons">
        {user.disabled ? (
          <Button variant="success" onClick={() => open('enable')} data-testid="user-enable">
            {t('admin.user.enable')}
          </Button>
        ) : (
          <Button variant="danger" outlined onClick={() => open('disable')} data-testid="user-disable">
            {t('admin.user.disable')}
          </Button>
        )}
        {user.email_verified ? null : (
          <Button
            onClick={() => open('verification')}
            disabled={user.disabled}
            data-testid="user-resend-verification"
          >
            {t('admin.user.resendVerification')}
          </Button>
        )}
        <Button
          onClick={() => open('password-reset')}
          disabled={user.disabled}
          data-testid="user-password-reset"
        >
          {t('admin.user.passwordReset')}
        </Button>
      </div>
      {user.disabled ? <p className="help">{t('admin.user.disabledHint')}</p> : null}
      <ConfirmDialog
        open={current !== null}
        title={current?.title ?? ''}
        confirmLabel={current?.confirm ?? ''}
        variant={current?.variant}
        onConfirm={() => void run()}
        onCancel={() => setAction(null)}
        busy={busy}
        error={error}
      >
        <p>{current?.text}</p>
      </ConfirmDialog>
    </section>
  );
}
