import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { PageHead } from '@/components/seo/page-head';
import { Notification } from '@/components/ui/notification';
import { LoginForm } from '@/features/auth/components/login-form';
import { useLocalizePath } from '@/hooks/use-locale';
import { safeRedirect } from '@/lib/locale';

export default function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const localize = useLocalizePath();
  const [params] = useSearchParams();
  const location = useLocation();
  const notice = (location.state as { notice?: string } | null)?.notice;

  return (
    <>
      <PageHead title={t('auth.login.title')} />
      <h1 className="title is-3" id="login-title">
        {t('auth.login.title')}
      </h1>
      {notice ? (
        <Notification variant="success" role="status">
          {notice}
        </Notification>
      ) : null}
      {params.get('redirect') ? (
        <Notification variant="info" role="status">
          {t('auth.login.needed')}
        </Notification>
      ) : null}
      <LoginForm
        onSuccess={(answer) => {
          // an explicit redirect wins; else the role's landing (learners: Mein Lernen, issue 36)
          void navigate(safeRedirect(params.get('redirect')) ?? localize(answer.landing), { replace: true });
        }}
      />
    </>
  );
}
