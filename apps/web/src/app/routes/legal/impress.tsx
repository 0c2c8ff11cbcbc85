import { useTranslation } from 'react-i18next';
import { PageHead } from '@/components/seo/page-head';
import { COMPANY } from '@/config/paths';

export default function ImpressPage() {
  const { t } = useTranslation();
  return (
    <article className="content legal-page">
      <PageHead title={t('impress.title')} />
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
