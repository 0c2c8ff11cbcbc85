import { useTranslation } from 'react-i18next';
import { COMPANY } from '@/config/paths';
import { usePageTitle } from '@/hooks/use-page-title';

export default function ImpressPage() {
  const { t } = useTranslation();
  usePageTitle(t('impress.title'));
  return (
    <article className="content legal-page">
      <h1 className="title is-2">{t('impress.title')}</h1>
      <h2>{t('impress.operator')}</h2>
      <address>
        {t('footer.company')}
        <br />
        {t('footer.street')}
        <br />
        {t('footer.city')}
        <br />
        {t('footer.country')}
      </address>
      <p>
        {t('impress.phone')}: <a href={COMPANY.phoneHref}>{COMPANY.phone}</a>
        <br />
        {t('impress.mail')}: <a href={`mailto:${COMPANY.helpMail}`}>{COMPANY.helpMail}</a>
      </p>
      <h2>{t('impress.registerTitle')}</h2>
      <p>{t('impress.register')}</p>
      <h2>{t('impress.representedTitle')}</h2>
      <p>{t('impress.represented')}</p>
      <h2>{t('impress.liabilityTitle')}</h2>
      <p>{t('impress.liability')}</p>
      <h2>{t('impress.copyrightTitle')}</h2>
      <p>{t('impress.copyright')}</p>
    </article>
  );
}
