import type { McTestListItem } from '@elearn/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Switch } from '@/components/ui/switch';
import { isApiError } from '@/lib/api-client';
import { notify } from '@/lib/notifications';
import { useDeleteMcTest } from '../api/delete-mc-test';
import { useToggleEnabled } from '../api/toggle-enabled';

/** Enables or disables a test for the students (`PATCH /api/mc_tests/toggle/enabled`): "Freigeschaltet" on or off. */
export function EnabledToggle({ test, size }: { test: McTestListItem; size?: 'small' | 'normal' }) {
  const { t } = useTranslation();
  const toggle = useToggleEnabled();
  const enabled = test.enabled === 1;
  return (
    <Switch
      checked={enabled}
      label={t('mcTest.enabled')}
      context={t('mcTest.enabledSwitch', { label: test.label })}
      size={size}
      isLoading={toggle.isPending}
      onClick={() =>
        toggle.mutate(test.id, {
          onSuccess: (updated) =>
            notify('success', updated.enabled === 1 ? t('mcTest.enabledNow') : t('mcTest.disabledNow')),
          onError: (error) => notify('danger', error.message),
        })
      }
      data-testid="mc-test-enabled-toggle"
    />
  );
}

/**
 * Deletes a test after a confirmation. While runs exist the server answers 409 `mc_test.has_runs`;
 * the dialog then shows its message and offers to delete the runs with it (`?confirm=1`).
 */
export function DeleteTestButton({
  test,
  onDeleted,
  size,
}: {
  test: McTestListItem;
  onDeleted?: () => void;
  size?: 'small' | 'normal';
}) {
  const { t } = useTranslation();
  const mutation = useDeleteMcTest();
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [hasRuns, setHasRuns] = useState(false);

  const run = (confirm: boolean) => {
    setError(null);
    mutation.mutate(
      { id: test.id, confirm },
      {
        onSuccess: () => {
          setOpen(false);
          notify('success', t('mcTest.deleted', { label: test.label }));
          onDeleted?.();
        },
        onError: (err) => {
          setHasRuns(isApiError(err) && err.code === 'mc_test.has_runs');
          setError(err.message);
        },
      },
    );
  };

  return (
    <>
      <Button
        variant="danger"
        outlined
        size={size}
        onClick={() => {
          setError(null);
          setHasRuns(false);
          setOpen(true);
        }}
        data-testid="mc-test-delete"
      >
        {t('common.delete')}
      </Button>
      <ConfirmDialog
        open={open}
        title={t('mcTest.deleteTitle')}
        confirmLabel={t('common.delete')}
        busy={mutation.isPending}
        error={error}
        onConfirm={() => run(false)}
        onCancel={() => setOpen(false)}
        extra={
          hasRuns ? (
            <Button variant="danger" outlined onClick={() => run(true)} data-testid="mc-test-delete-force">
              {t('mcTest.deleteWithRuns')}
            </Button>
          ) : null
        }
      >
        <p>{t('mcTest.deleteConfirm', { label: test.label })}</p>
      </ConfirmDialog>
    </>
  );
}
