import { useTranslation } from 'react-i18next';
import { ButtonLink } from '@/components/ui/button';
import { usePageTitle } from '@/hooks/use-page-title';

export default function UnauthorizedPage() {
  const { t } = useTranslation();
  usePageTitle(t('unauthorized.title'));
  return (
    <section className="has-text-centered py-6" data-testid="unauthorized">
      <h1 className="title is-2">{t('unauthorized.title')}</h1>
      <p className="subtitle">{t('unauthorized.text')}</p>
      <ButtonLink to="/" variant="primary">
        {t('errors.home')}
      </ButtonLink>
    </section>
  );
}
