import type { OwnerRow } from '@elearn/shared';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { notify } from '@/lib/notifications';
import { useGrantTime } from '../api/grant-time';

/**
 * The owner grants a learner extra minutes on the test's time limit (accessibility, issue 37):
 * they count for every later run and extend an open one at once; the server audits the grant and
 * checks the minutes (1–600, its message shown in the dialog).
 */
export function GrantTimeButton({ row }: { row: OwnerRow }) {
  const { t } = useTranslation();
  const grant = useGrantTime();
  const [open, setOpen] = useState(false);
  const [minutes, setMinutes] = useState('15');
  const inputId = `grant-time-${useId().replace(/:/g, '')}`;
  const name = `${row.firstName} ${row.lastName}`.trim();
  return (
    <>
      <Button size="small" variant="light" onClick={() => setOpen(true)} data-testid="graduate-grant-time">
        {t('mcTest.graduates.grantTime')}
      </Button>
      <ConfirmDialog
        open={open}
        title={t('mcTest.graduates.grantTimeTitle', { name })}
        confirmLabel={t('mcTest.graduates.grantTime')}
        variant="primary"
        busy={grant.isPending}
        error={grant.error?.message}
        onConfirm={() =>
          grant.mutate(
            { mcTestId: row.id, userId: row.user_id, minutes: Number(minutes) },
            {
              onSuccess: (result) => {
                setOpen(false);
                notify('success', t('mcTest.graduates.timeGranted', { name, count: result.extra_minutes }));
              },
            },
          )
        }
        onCancel={() => {
          grant.reset();
          setOpen(false);
        }}
      >
        <div className="field">
          <label className="label" htmlFor={inputId}>
            {t('mcTest.graduates.grantTimeMinutes')}
          </label>
          <div className="control">
            <input
              id={inputId}
              className="input"
              inputMode="numeric"
              value={minutes}
              onChange={(e) => setMinutes(e.target.value)}
              data-testid="graduate-grant-time-minutes"
            />
          </div>
          <p className="help">{t('mcTest.graduates.grantTimeHelp', { label: row.label })}</p>
        </div>
      </ConfirmDialog>
    </>
  );
}
