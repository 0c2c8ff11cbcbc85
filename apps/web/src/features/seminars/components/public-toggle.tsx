import type { SeminarDto } from '@elearn/shared';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { notify } from '@/lib/notifications';
import { useTogglePublic } from '../api/toggle-public';

/** The owner's public/private switch (`PATCH /api/seminars/tooglePublic`). */
export function PublicToggle({ seminar, size }: { seminar: SeminarDto; size?: 'small' | 'normal' }) {
  const { t } = useTranslation();
  const toggle = useTogglePublic();
  return (
    <Button
      size={size}
      role="switch"
      aria-checked={seminar.is_public}
      variant={seminar.is_public ? 'success' : 'warning'}
      outlined
      isLoading={toggle.isPending}
      onClick={() =>
        toggle.mutate(seminar.id, {
          onSuccess: (updated) =>
            notify('success', updated.is_public ? t('seminar.madePublic') : t('seminar.madePrivate')),
          onError: (error) => notify('danger', error.message),
        })
      }
      aria-label={t('seminar.publicSwitch', { title: seminar.title })}
      data-testid="seminar-public-toggle"
      data-public={seminar.is_public ? 'true' : 'false'}
    >
      {seminar.is_public ? t('seminar.public') : t('seminar.private')}
    </Button>
  );
}
