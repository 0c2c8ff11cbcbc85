import { useTranslation } from 'react-i18next';
import { AppLink } from '@/components/app-link';
import { PageHead } from '@/components/seo/page-head';
import { COMPANY } from '@/config/paths';

const BEFORE = ['controller', 'data'] as const;
/** what is kept, for how long and why (issue 19); each item one paragraph of the list */
const RETENTION = ['account', 'sessions', 'payments', 'learning', 'runs', 'exports', 'audit'] as const;
const AFTER = ['storage', 'cookies', 'analytics', 'rights'] as const;

export default function PrivacyPage() {
  const { t } = useTranslation();
  const section = (id: (typeof BEFORE)[number] | (typeof AFTER)[number]) => (
    <section key={id}>
      <h2>{t(`dsg.${id}.title`)}</h2>
      <p>{t(`dsg.${id}.text`)}</p>
    </section>
  );
  return (
    <article className="content legal-page">
      <PageHead title={t('dsg.title')} />
      <h1 className="title is-2">{t('dsg.title')}</h1>
      <p>{t('dsg.intro')}</p>
      {BEFORE.map(section)}
      <section data-testid="dsg-retention">
        <h2>{t('dsg.retention.title')}</h2>
        <ul>
          {RETENTION.map((item) => (
            <li key={item}>{t(`dsg.retention.${item}`)}</li>
          ))}
        </ul>
      </section>
      {AFTER.map(section)}
      <p>
        <AppLink to="/user/privacy">{t('nav.privacy')}</AppLink>
      </p>
      <p>
        {t('dsg.contact')} <a href={`mailto:${COMPANY.helpMail}`}>{COMPANY.helpMail}</a>
      </p>
    </article>
  );
}
