import type { SubChapterDto } from '@elearn/shared';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Switch } from '@/components/ui/switch';
import { notify } from '@/lib/notifications';
import { useToggleDone } from '../api/toggle-done';
import { useToggleLocked } from '../api/toggle-locked';

/** Owners: lock or unlock the chapter for the students (`PATCH /api/chapters/toggle/locked`). */
export function LockToggle({ chapter }: { chapter: SubChapterDto }) {
  const { t } = useTranslation();
  const toggle = useToggleLocked();
  const unlocked = chapter.unlocked === 1;
  return (
    <Switch
      checked={unlocked}
      label={t('chapter.unlocked')}
      context={t('chapter.lockSwitch', { label: chapter.label })}
      isLoading={toggle.isPending}
      onClick={() =>
        toggle.mutate(chapter.id, {
          onSuccess: (updated) =>
            notify('success', updated.unlocked === 1 ? t('chapter.unlockedNow') : t('chapter.lockedNow')),
          onError: (error) => notify('danger', error.message),
        })
      }
      data-testid="chapter-lock-toggle"
      data-unlocked={unlocked ? 'true' : 'false'}
    />
  );
}

/** Booked users: mark the chapter done or not done (`PATCH /api/chapters/toggle/user`). */
export function DoneToggle({ chapter, seminarId }: { chapter: SubChapterDto; seminarId: number }) {
  const { t } = useTranslation();
  const toggle = useToggleDone();
  return (
    <Button
      variant={chapter.done ? 'success' : 'primary'}
      outlined={chapter.done}
      aria-pressed={chapter.done}
      isLoading={toggle.isPending}
      onClick={() =>
        toggle.mutate(
          { chapterId: chapter.id, seminarId, done: !chapter.done },
          { onError: (error) => notify('danger', error.message) },
        )
      }
      data-testid="chapter-done-toggle"
      data-done={chapter.done ? 'true' : 'false'}
    >
      {chapter.done ? t('chapter.done') : t('chapter.markDone')}
    </Button>
  );
}
