import { useTranslation } from 'react-i18next';
import { PageHead } from '@/components/seo/page-head';
import { RegisterForm } from '@/features/auth/components/register-form';

export default function RegisterPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHead title={t('auth.register.title')} />
      <h1 className="title is-3" id="register-title">
        {t('auth.register.title')}
      </h1>
      <RegisterForm />
    </>
  );
}
