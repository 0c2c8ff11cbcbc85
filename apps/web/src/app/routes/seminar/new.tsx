import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { SeminarForm } from '@/features/seminars/components/seminar-form';
import { useLocalizePath } from '@/hooks/use-locale';
import { usePageTitle } from '@/hooks/use-page-title';
import { useAppConfig } from '@/lib/app-config';
import { useCurrentUser } from '@/lib/auth';
import { notify } from '@/lib/notifications';

/** `/seminar/new` (trainer, admin). */
export default function NewSeminarPage() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const navigate = useNavigate();
  const localize = useLocalizePath();
  const config = useAppConfig();
  usePageTitle(t('seminar.form.newTitle'));
  return (
    <div className="columns">
      <div className="column is-10-desktop is-8-widescreen">
        <h1 className="title is-3" id="seminar-form-title">
          {t('seminar.form.newTitle')}
        </h1>
        <SeminarForm
          companies={user?.companies ?? []}
          currency={config.data?.currency ?? 'CHF'}
          onSaved={(seminar) => {
            notify('success', t('seminar.form.created', { title: seminar.title }));
            void navigate(localize(`/seminar/id/${seminar.id}`));
          }}
        />
      </div>
    </div>
  );
}
