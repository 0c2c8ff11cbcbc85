import { useTranslation } from 'react-i18next';
import { RegisterForm } from '@/features/auth/components/register-form';
import { usePageTitle } from '@/hooks/use-page-title';

export default function RegisterPage() {
  const { t } = useTranslation();
  usePageTitle(t('auth.register.title'));
  return (
    <>
      <h1 className="title is-3" id="register-title">
        {t('auth.register.title')}
      </h1>
      <RegisterForm />
    </>
  );
}
