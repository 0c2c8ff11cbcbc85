import { useTranslation } from 'react-i18next';
import { ForgotPasswordForm } from '@/features/auth/components/forgot-password-form';
import { usePageTitle } from '@/hooks/use-page-title';

export default function ForgotPasswordPage() {
  const { t } = useTranslation();
  usePageTitle(t('auth.forgot.title'));
  return (
    <>
      <h1 className="title is-3" id="forgot-title">
        {t('auth.forgot.title')}
      </h1>
      <ForgotPasswordForm />
    </>
  );
}
