import type { SubChapterDto } from '@elearn/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { notify } from '@/lib/notifications';
import { useDeleteChapter } from '../api/delete-chapter';

/** Deletes a chapter (with its sub-chapters and media) after a confirmation. */
export function DeleteChapterButton({
  seminarId,
  chapter,
  onDeleted,
}: {
  seminarId: number;
  chapter: SubChapterDto & { sub_chapters?: unknown[] };
  onDeleted: () => void;
}) {
  const { t } = useTranslation();
  const mutation = useDeleteChapter();
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const subs = chapter.sub_chapters?.length ?? 0;
  return (
    <>
      <Button
        variant="danger"
        outlined
        onClick={() => {
          setError(null);
          setOpen(true);
        }}
        data-testid="chapter-delete"
      >
        {t('chapter.delete')}
      </Button>
      <ConfirmDialog
        open={open}
        title={t('chapter.deleteTitle')}
        confirmLabel={t('common.delete')}
        busy={mutation.isPending}
        error={error}
        onCancel={() => setOpen(false)}
        onConfirm={() =>
          mutation.mutate(
            { id: chapter.id, seminarId },
            {
              onSuccess: () => {
                setOpen(false);
                notify('success', t('chapter.deleted', { label: chapter.label }));
                onDeleted();
              },
              onError: (err) => setError(err.message),
            },
          )
        }
      >
        <p>{t('chapter.deleteConfirm', { label: chapter.label })}</p>
        {subs > 0 ? (
          <p className="mt-2 has-text-weight-semibold">{t('chapter.deleteSubs', { count: subs })}</p>
        ) : null}
      </ConfirmDialog>
    </>
  );
}
