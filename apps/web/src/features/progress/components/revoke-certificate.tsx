import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useFieldMessage } from '@/components/ui/field';
import { isApiError } from '@/lib/api-client';
import { notify } from '@/lib/notifications';
import { useRevokeCertificate } from '../api/revoke-certificate';

/** Owners and admins: revoke a certificate with a reason, after confirming. */
export function RevokeCertificateButton({ code, learner }: { code: string; learner: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const revoke = useRevokeCertificate();
  const id = useId();
  const fieldError = useFieldMessage(error ?? undefined);
  const submit = () => {
    setError(null);
    revoke.mutate(
      { code, reason },
      {
        onSuccess: () => {
          setOpen(false);
          setReason('');
          notify('success', t('progress.revoke.done', { name: learner }));
        },
        onError: (e) => setError(isApiError(e) ? (e.errors.reason?.[0] ?? e.message) : String(e)),
      },
    );
  };
  return (
    <>
      <Button
        size="small"
        variant="danger"
        outlined
        onClick={() => setOpen(true)}
        data-testid="certificate-revoke"
      >
        {t('progress.revoke.button')}
      </Button>
      <ConfirmDialog
        open={open}
        title={t('progress.revoke.title')}
        confirmLabel={t('progress.revoke.confirm')}
        onConfirm={submit}
        onCancel={() => {
          setOpen(false);
          setError(null);
        }}
        busy={revoke.isPending}
        error={fieldError ?? null}
      >
        <p className="mb-3">{t('progress.revoke.text', { name: learner })}</p>
        <div className="field">
          <label className="label" htmlFor={id}>
            {t('progress.revoke.reason')}
          </label>
          <div className="control">
            <textarea
              id={id}
              className="textarea"
              rows={3}
              maxLength={500}
              value={reason}
              onChange={(e) => setReason(e.target.value)}
              data-testid="certificate-revoke-reason"
            />
          </div>
        </div>
      </ConfirmDialog>
    </>
  );
}
