import { useTranslation } from 'react-i18next';
import { type Params, useNavigate, useParams, useSearchParams } from 'react-router';
import { ResetPasswordForm } from '@/features/auth/components/reset-password-form';
import { useLocalizePath } from '@/hooks/use-locale';
import { usePageTitle } from '@/hooks/use-page-title';

/** `/reset-password` without a token is no page. */
export const check = (params: Params) => Boolean(params.token);

export default function ResetPasswordPage() {
  const { t } = useTranslation();
  const { token = '' } = useParams();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const localize = useLocalizePath();
  usePageTitle(t('auth.reset.title'));
  return (
    <>
      <h1 className="title is-3" id="reset-title">
        {t('auth.reset.title')}
      </h1>
      <ResetPasswordForm
        token={token}
        email={params.get('email') ?? ''}
        onSuccess={(message) => {
          void navigate(localize('/login'), { replace: true, state: { notice: message } });
        }}
      />
    </>
  );
}
