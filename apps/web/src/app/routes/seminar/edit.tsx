import { useTranslation } from 'react-i18next';
import { type Params, useNavigate, useParams } from 'react-router';
import { QueryState } from '@/components/query-state';
import { Notification } from '@/components/ui/notification';
import { useSeminar } from '@/features/seminars/api/get-seminar';
import { SeminarForm } from '@/features/seminars/components/seminar-form';
import { useLocalizePath } from '@/hooks/use-locale';
import { usePageTitle } from '@/hooks/use-page-title';
import { useAppConfig } from '@/lib/app-config';
import { useCurrentUser } from '@/lib/auth';
import { idParam } from '@/lib/current-ids';
import { notify } from '@/lib/notifications';

export const check = (params: Params) => idParam(params.sid) !== null;

/** `/seminar/id/{sid}/edit` (owner, admin). */
export default function EditSeminarPage() {
  const { t } = useTranslation();
  const sid = idParam(useParams().sid)!;
  const query = useSeminar(sid);
  const user = useCurrentUser();
  const config = useAppConfig();
  const navigate = useNavigate();
  const localize = useLocalizePath();
  usePageTitle(t('seminar.form.editTitle'));
  return (
    <QueryState query={query} notFoundOn404>
      {(seminar) => (
        <>
          <h1 className="title is-3" id="seminar-form-title">
            {t('seminar.form.editTitle')}
          </h1>
          {seminar.abilities.edit ? (
            <SeminarForm
              key={`${seminar.id}:${seminar.updated_at}`}
              seminar={seminar}
              companies={user?.companies ?? []}
              currency={config.data?.currency ?? seminar.currency}
              onSaved={(saved) => {
                notify('success', t('seminar.form.saved', { title: saved.title }));
                void navigate(localize(`/seminar/id/${saved.id}`));
              }}
            />
          ) : (
            <Notification variant="warning" role="alert">
              {t('seminar.notOwner')}
            </Notification>
          )}
        </>
      )}
    </QueryState>
  );
}
