import { type DataExportDto, DELETION_GRACE_DAYS, EXPORT_VALID_HOURS } from '@elearn/shared';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { AppLink } from '@/components/app-link';
import { QueryState } from '@/components/query-state';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { FormError, InputField } from '@/components/ui/field';
import { Table } from '@/components/ui/table';
import { useLocale, useLocalizePath } from '@/hooks/use-locale';
import { apiUrl, forgetXsrfToken, isApiError } from '@/lib/api-client';
import { resetSessionCache, type User } from '@/lib/auth';
import { formatBytes } from '@/lib/format';
import { notify } from '@/lib/notifications';
import { useDeleteAccount } from '../api/delete-account';
import { useExports } from '../api/get-exports';
import { useRequestExport } from '../api/request-export';
import { formatMoment, privacyErrorText } from '../format';

/** The status of an export as a tag. */
function ExportStatus({ status }: { status: DataExportDto['status'] }) {
  const { t } = useTranslation();
  const variant = status === 'ready' ? 'is-success' : status === 'failed' ? 'is-danger' : 'is-info';
  return <span className={`tag is-light ${variant}`}>{t(`privacy.export.status.${status}`)}</span>;
}

/** "Meine Daten": download one's data as an archive (prepared in the background). */
export function DataExport({ user }: { user: User }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const list = useExports();
  const request = useRequestExport();
  const [error, setError] = useState<string | null>(null);

  const ask = async () => {
    setError(null);
    try {
      await request.mutateAsync();
      notify('success', t('privacy.export.requested'));
    } catch (failure) {
      setError(privacyErrorText(failure, t('privacy.export.failed')));
    }
  };

  return (
    <section className="box" aria-labelledby="privacy-export-title" data-testid="privacy-export">
      <h2 className="title is-4" id="privacy-export-title">
        {t('privacy.export.title')}
      </h2>
      <p className="mb-3">{t('privacy.export.text')}</p>
      <p className="mb-4 has-text-grey">{t('privacy.export.validity', { hours: EXPORT_VALID_HOURS })}</p>
      <FormError message={error} />
      <Button
        variant="primary"
        onClick={() => void ask()}
        isLoading={request.isPending}
        data-testid="privacy-export-request"
      >
        {t('privacy.export.request')}
      </Button>
      <div className="mt-5">
        <QueryState query={list}>
          {(result) =>
            result.data.length === 0 ? (
              <EmptyState title={t('privacy.export.empty')} testId="privacy-export-empty" />
            ) : (
              <Table
                headers={[
                  t('privacy.export.requestedAt'),
                  t('privacy.export.subject'),
                  t('privacy.export.state'),
                  t('privacy.export.download'),
                ]}
                labelledBy="privacy-export-title"
                testId="privacy-export-list"
              >
                {result.data.map((e) => (
                  <tr key={e.id} data-testid="privacy-export-row" data-status={e.status}>
                    <td>{formatMoment(e.created_at, locale)}</td>
                    <td>
                      {e.user_id === user.id
                        ? t('privacy.export.own')
                        : t('privacy.export.ofUser', { id: e.user_id })}
                    </td>
                    <td>
                      <ExportStatus status={e.status} />
                    </td>
                    <td>
                      {e.download_url ? (
                        <>
                          <a href={apiUrl(e.download_url)} download data-testid="privacy-download">
                            {t('privacy.export.downloadLink')}
                          </a>{' '}
                          <span className="has-text-grey">
                            ({e.size !== null ? `${formatBytes(e.size, locale)}, ` : ''}
                            {t('privacy.export.until', { date: formatMoment(e.expires_at!, locale) })})
                          </span>
                        </>
                      ) : e.status === 'pending' ? (
                        <span className="has-text-grey">{t('privacy.export.preparing')}</span>
                      ) : (
                        <span className="has-text-grey">{t('privacy.export.failedRow')}</span>
                      )}
                    </td>
                  </tr>
                ))}
              </Table>
            )
          }
        </QueryState>
      </div>
    </section>
  );
}

/** Deleting one's own account: password, confirmation, 14 days to undo by logging in. */
export function DeleteAccount({ user }: { user: User }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const localize = useLocalizePath();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const mutation = useDeleteAccount();
  const [password, setPassword] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [formError, setFormError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);

  const check = (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    if (!password) {
      setFieldError(t('privacy.delete.passwordRequired'));
      return;
    }
    setFieldError(undefined);
    setConfirming(true);
  };

  const run = async () => {
    try {
      const state = await mutation.mutateAsync({ password });
      setConfirming(false);
      // the server ended every session of the account and started a guest session
      forgetXsrfToken();
      resetSessionCache(queryClient, null);
      await navigate(localize('/login'));
      notify('success', t('privacy.delete.done', { date: formatMoment(state.due_at!, locale) }), 0);
    } catch (failure) {
      setConfirming(false);
      if (isApiError(failure) && failure.errors.password?.length) {
        setFieldError(failure.errors.password.join(' '));
      } else {
        setFormError(privacyErrorText(failure, t('privacy.delete.failed')));
      }
    }
  };

  return (
    <section className="box" aria-labelledby="privacy-delete-title" data-testid="privacy-delete">
      <h2 className="title is-4" id="privacy-delete-title">
        {t('privacy.delete.title')}
      </h2>
      <p className="mb-3">{t('privacy.delete.text', { days: DELETION_GRACE_DAYS })}</p>
      <ul className="mb-3 privacy-list">
        <li>{t('privacy.delete.erased')}</li>
        <li>{t('privacy.delete.payments')}</li>
        <li>{t('privacy.delete.runs')}</li>
        <li>{t('privacy.delete.audit')}</li>
      </ul>
      <p className="mb-4">
        {t('privacy.delete.refusals')} <AppLink to="/dsg">{t('privacy.delete.policy')}</AppLink>
      </p>
      <form onSubmit={check} noValidate data-testid="privacy-delete-form">
        <FormError message={formError} />
        <input type="text" name="username" autoComplete="username" value={user.username} readOnly hidden />
        <InputField
          label={t('privacy.delete.password')}
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          error={fieldError}
          id="privacy-delete-password"
        />
        <Button type="submit" variant="danger" data-testid="privacy-delete-submit">
          {t('privacy.delete.submit')}
        </Button>
      </form>
      <ConfirmDialog
        open={confirming}
        title={t('privacy.delete.confirmTitle')}
        confirmLabel={t('privacy.delete.confirm')}
        onConfirm={() => void run()}
        onCancel={() => setConfirming(false)}
        busy={mutation.isPending}
      >
        <p>{t('privacy.delete.confirmText', { days: DELETION_GRACE_DAYS })}</p>
      </ConfirmDialog>
    </section>
  );
}
