import type { SeminarDto } from '@elearn/shared';
import { useTranslation } from 'react-i18next';
import { Switch } from '@/components/ui/switch';
import { notify } from '@/lib/notifications';
import { useTogglePublic } from '../api/toggle-public';

/** The owner's public/private switch (`PATCH /api/seminars/tooglePublic`): "Öffentlich" on or off. */
export function PublicToggle({ seminar, size }: { seminar: SeminarDto; size?: 'small' | 'normal' }) {
  const { t } = useTranslation();
  const toggle = useTogglePublic();
  return (
    <Switch
      size={size}
      checked={seminar.is_public}
      label={t('seminar.public')}
      context={t('seminar.publicSwitch', { title: seminar.title })}
      isLoading={toggle.isPending}
      onClick={() =>
        toggle.mutate(seminar.id, {
          onSuccess: (updated) =>
            notify('success', updated.is_public ? t('seminar.madePublic') : t('seminar.madePrivate')),
          onError: (error) => notify('danger', error.message),
        })
      }
      data-testid="seminar-public-toggle"
      data-public={seminar.is_public ? 'true' : 'false'}
    />
  );
}
