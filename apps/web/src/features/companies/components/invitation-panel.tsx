import { INVITATION_DAYS_DEFAULT, LINK_DAYS_MAX } from '@elearn/shared';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryState } from '@/components/query-state';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Notification } from '@/components/ui/notification';
import { useLocale } from '@/hooks/use-locale';
import { notify } from '@/lib/notifications';
import { type InvitationCreated, useCreateInvitation } from '../api/create-invitation';
import { useInvitation } from '../api/get-invitation';
import { useRevokeInvitation } from '../api/revoke-invitation';
import { formatDateTime } from '../format';
import { CopyField } from './copy-field';
import { DaysField, parseDays } from './days-field';

/**
 * The company's invitation link: its state (active until …, or none), a new one (the previous
 * one stops working; the link is shown only this once, with a copy button) and revocation.
 */
export function InvitationPanel({ companyId }: { companyId: number }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const state = useInvitation(companyId);
  const create = useCreateInvitation();
  const revoke = useRevokeInvitation();
  const [days, setDays] = useState(String(INVITATION_DAYS_DEFAULT));
  const [daysError, setDaysError] = useState<string | null>(null);
  const [created, setCreated] = useState<InvitationCreated | null>(null);
  const [confirm, setConfirm] = useState<'replace' | 'revoke' | null>(null);
  const [error, setError] = useState<string | null>(null);

  const doCreate = () => {
    const value = parseDays(days);
    if (value === null) {
      setDaysError(t('company.days.invalid', { max: LINK_DAYS_MAX }));
      setConfirm(null);
      return;
    }
    setError(null);
    create.mutate(
      { companyId, days: value },
      {
        onSuccess: (result) => {
          setCreated(result);
          setConfirm(null);
        },
        onError: (err) => {
          setError(err.message);
          setConfirm(null);
        },
      },
    );
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setDaysError(null);
    if (parseDays(days) === null) {
      setDaysError(t('company.days.invalid', { max: LINK_DAYS_MAX }));
      return;
    }
    if (state.data?.active) setConfirm('replace');
    else doCreate();
  };
  const doRevoke = () =>
    revoke.mutate(companyId, {
      onSuccess: () => {
        setCreated(null);
        setConfirm(null);
        notify('success', t('company.invitation.revoked'));
      },
      onError: (err) => {
        setError(err.message);
        setConfirm(null);
      },
    });

  return (
    <section className="box" aria-labelledby="invitation-title" data-testid="invitation-panel">
      <h2 className="title is-5" id="invitation-title">
        {t('company.invitation.title')}
      </h2>
      <p className="mb-3">{t('company.invitation.text')}</p>
      {error ? (
        <Notification variant="danger" role="alert" onClose={() => setError(null)}>
          {error}
        </Notification>
      ) : null}
      <QueryState query={state}>
        {(invitation) => (
          <p className="mb-3" data-testid="invitation-state" data-active={invitation.active}>
            {invitation.active && invitation.expires_at
              ? t('company.invitation.active', { date: formatDateTime(invitation.expires_at, locale) })
              : t('company.invitation.none')}
          </p>
        )}
      </QueryState>
      {created ? (
        <Notification variant="success" role="status">
          <p className="mb-2 has-text-weight-semibold">{t('company.invitation.created')}</p>
          <p className="mb-2">
            {t('company.invitation.onlyOnce', { date: formatDateTime(created.expires_at, locale) })}
          </p>
          <CopyField value={created.url} label={t('company.invitation.link')} testId="invitation-link" />
        </Notification>
      ) : null}
      <form onSubmit={onSubmit} noValidate className="mb-3" data-testid="invitation-form">
        <DaysField
          id="invitation-days"
          value={days}
          onChange={setDays}
          error={daysError}
          label={t('company.invitation.days')}
        />
        <div className="buttons">
          <Button
            type="submit"
            variant="primary"
            isLoading={create.isPending}
            data-testid="invitation-create"
          >
            {state.data?.active ? t('company.invitation.replace') : t('company.invitation.create')}
          </Button>
          {state.data?.active ? (
            <Button
              variant="danger"
              outlined
              onClick={() => setConfirm('revoke')}
              data-testid="invitation-revoke"
            >
              {t('company.invitation.revoke')}
            </Button>
          ) : null}
        </div>
      </form>
      <ConfirmDialog
        open={confirm === 'replace'}
        title={t('company.invitation.replaceTitle')}
        confirmLabel={t('company.invitation.replace')}
        variant="primary"
        onConfirm={doCreate}
        onCancel={() => setConfirm(null)}
        busy={create.isPending}
      >
        <p>{t('company.invitation.replaceConfirm')}</p>
      </ConfirmDialog>
      <ConfirmDialog
        open={confirm === 'revoke'}
        title={t('company.invitation.revokeTitle')}
        confirmLabel={t('company.invitation.revoke')}
        onConfirm={doRevoke}
        onCancel={() => setConfirm(null)}
        busy={revoke.isPending}
      >
        <p>{t('company.invitation.revokeConfirm')}</p>
      </ConfirmDialog>
    </section>
  );
}
