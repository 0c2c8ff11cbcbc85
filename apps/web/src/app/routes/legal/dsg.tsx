import { useTranslation } from 'react-i18next';
import { COMPANY } from '@/config/paths';
import { usePageTitle } from '@/hooks/use-page-title';

const SECTIONS = ['controller', 'data', 'cookies', 'analytics', 'storage', 'rights'] as const;

export default function PrivacyPage() {
  const { t } = useTranslation();
  usePageTitle(t('dsg.title'));
  return (
    <article className="content legal-page">
      <h1 className="title is-2">{t('dsg.title')}</h1>
      <p>{t('dsg.intro')}</p>
      {SECTIONS.map((section) => (
        <section key={section}>
          <h2>{t(`dsg.${section}.title`)}</h2>
          <p>{t(`dsg.${section}.text`)}</p>
        </section>
      ))}
      <p>
        {t('dsg.contact')} <a href={`mailto:${COMPANY.helpMail}`}>{COMPANY.helpMail}</a>
      </p>
    </article>
  );
}
