import type { SeminarDto } from '@elearn/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { isApiError } from '@/lib/api-client';
import { notify } from '@/lib/notifications';
import { forgetSeminar, useDeleteSeminar } from '../api/delete-seminar';

/**
 * Delete with a confirmation dialog. 409 `seminar.has_bookings` shows the server's message in
 * the dialog; an admin may then delete anyway (`?confirm=1`).
 */
export function DeleteSeminarButton({
  seminar,
  isAdmin,
  onDeleted,
}: {
  seminar: SeminarDto;
  isAdmin: boolean;
  /** Leaves the seminar's page (the cached seminar is dropped afterwards). */
  onDeleted: () => void | Promise<void>;
}) {
  const { t } = useTranslation();
  const mutation = useDeleteSeminar();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [hasBookings, setHasBookings] = useState(false);

  const run = (confirm: boolean) => {
    setError(null);
    mutation.mutate(
      { id: seminar.id, confirm },
      {
        onSuccess: () => {
          setOpen(false);
          notify('success', t('seminar.deleted', { title: seminar.title }));
          void Promise.resolve(onDeleted()).then(() => forgetSeminar(queryClient, seminar.id));
        },
        onError: (err) => {
          setHasBookings(isApiError(err) && err.code === 'seminar.has_bookings');
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
        onClick={() => {
          setError(null);
          setHasBookings(false);
          setOpen(true);
        }}
        data-testid="seminar-delete"
      >
        {t('seminar.delete')}
      </Button>
      <ConfirmDialog
        open={open}
        title={t('seminar.deleteTitle')}
        confirmLabel={t('seminar.delete')}
        busy={mutation.isPending}
        error={error}
        onConfirm={() => run(false)}
        onCancel={() => setOpen(false)}
        extra={
          isAdmin && hasBookings ? (
            <Button variant="danger" outlined onClick={() => run(true)} data-testid="seminar-delete-force">
              {t('seminar.deleteAnyway')}
            </Button>
          ) : null
        }
      >
        <p>{t('seminar.deleteConfirm', { title: seminar.title })}</p>
      </ConfirmDialog>
    </>
  );
}
