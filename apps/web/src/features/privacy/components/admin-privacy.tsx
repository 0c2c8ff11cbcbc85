import { DELETION_GRACE_DAYS } from '@elearn/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppLink } from '@/components/app-link';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useLocale } from '@/hooks/use-locale';
import { isApiError } from '@/lib/api-client';
import { notify } from '@/lib/notifications';
import { useAdminPrivacyAction } from '../api/admin-privacy-action';
import { useDeletionState } from '../api/get-deletion-state';
import { formatMoment, privacyErrorText } from '../format';

type Action = 'export' | 'delete' | 'cancel';

/**
 * On an admin's user page: export the person's data or delete their account on their request
 * (both audited); a pending deletion shows its day and can be withdrawn.
 */
export function AdminPrivacy({
  user,
  currentUserId,
}: {
  user: { id: number; email: string; name: string };
  currentUserId: number | null;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const state = useDeletionState(user.id);
  const mutation = useAdminPrivacyAction(user.id);
  const [action, setAction] = useState<Action | null>(null);
  const [error, setError] = useState<string | null>(null);
  const self = user.id === currentUserId;

  const run = async () => {
    if (!action) return;
    setError(null);
    try {
      await mutation.mutateAsync(action);
      notify('success', t(`privacy.admin.done.${action}`, { name: user.name }));
      setAction(null);
    } catch (failure) {
      setError(privacyErrorText(failure, t('privacy.admin.failed')));
    }
  };

  const texts: Record<
    Action,
    { title: string; text: string; confirm: string; variant: 'danger' | 'primary' }
  > = {
    export: {
      title: t('privacy.admin.exportTitle', { name: user.name }),
      text: t('privacy.admin.exportText'),
      confirm: t('privacy.admin.export'),
      variant: 'primary',
    },
    delete: {
      title: t('privacy.admin.deleteTitle', { name: user.name }),
      text: t('privacy.admin.deleteText', { days: DELETION_GRACE_DAYS, email: user.email }),
      confirm: t('privacy.admin.delete'),
      variant: 'danger',
    },
    cancel: {
      title: t('privacy.admin.cancelTitle', { name: user.name }),
      text: t('privacy.admin.cancelText'),
      confirm: t('privacy.admin.cancel'),
      variant: 'primary',
    },
  };
  const current = action ? texts[action] : null;
  const pending = state.data?.pending === true;
  // an erased account (anonymised, kept for payments and runs) is no subject any more
  if (isApiError(state.error) && state.error.status === 404)
    return (
      <section aria-labelledby="admin-privacy-title" data-testid="admin-privacy">
        <h2 className="title is-5" id="admin-privacy-title">
          {t('privacy.admin.title')}
        </h2>
        <p className="has-text-grey" data-testid="admin-privacy-erased">
          {t('privacy.admin.erased')}
        </p>
      </section>
    );

  return (
    <section aria-labelledby="admin-privacy-title" data-testid="admin-privacy">
      <h2 className="title is-5" id="admin-privacy-title">
        {t('privacy.admin.title')}
      </h2>
      {pending && state.data?.due_at ? (
        <p className="notification is-warning is-light" data-testid="admin-privacy-pending">
          {t('privacy.admin.pending', { date: formatMoment(state.data.due_at, locale) })}
        </p>
      ) : null}
      <div className="buttons">
        <Button onClick={() => setAction('export')} data-testid="admin-privacy-export">
          {t('privacy.admin.export')}
        </Button>
        {pending ? (
          <Button variant="primary" onClick={() => setAction('cancel')} data-testid="admin-privacy-cancel">
            {t('privacy.admin.cancel')}
          </Button>
        ) : self ? null : (
          <Button
            variant="danger"
            outlined
            onClick={() => setAction('delete')}
            data-testid="admin-privacy-delete"
          >
            {t('privacy.admin.delete')}
          </Button>
        )}
      </div>
      <p className="help">
        {t('privacy.admin.hint')} <AppLink to="/user/privacy">{t('privacy.admin.myExports')}</AppLink>
      </p>
      <ConfirmDialog
        open={current !== null}
        title={current?.title ?? ''}
        confirmLabel={current?.confirm ?? ''}
        variant={current?.variant}
        onConfirm={() => void run()}
        onCancel={() => setAction(null)}
        busy={mutation.isPending}
        error={error}
      >
        <p>{current?.text}</p>
      </ConfirmDialog>
    </section>
  );
}
