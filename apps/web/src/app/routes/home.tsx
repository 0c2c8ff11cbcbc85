import { useTranslation } from 'react-i18next';
import { ButtonLink } from '@/components/ui/button';
import { usePageTitle } from '@/hooks/use-page-title';
import { navLinks, useUser } from '@/lib/auth';

const FEATURES = ['seminars', 'tests', 'companies'] as const;

export default function HomePage() {
  const { t } = useTranslation();
  const { data: user } = useUser();
  usePageTitle(null);
  const first = navLinks(user ?? null)[0];

  return (
    <>
      <section className="hero is-primary is-medium home-hero">
        <div className="hero-body">
          <div className="container">
            <h1 className="title is-1">{t('home.title')}</h1>
            <p className="subtitle is-4">{t('home.subtitle')}</p>
            <div className="buttons">
              {user ? (
                <>
                  <p className="is-size-5 mr-4">
                    {t('home.welcome', { name: user.first_name || user.username })}
                  </p>
                  {first ? (
                    <ButtonLink to={first.to} variant="white" size="medium">
                      {t('home.toSeminars')}
                    </ButtonLink>
                  ) : null}
                </>
              ) : user === null ? (
                <>
                  <ButtonLink to="/register" variant="white" size="medium">
                    {t('home.register')}
                  </ButtonLink>
                  <ButtonLink to="/login" variant="light" size="medium">
                    {t('home.login')}
                  </ButtonLink>
                </>
              ) : null}
            </div>
          </div>
        </div>
      </section>
      <section className="section">
        <div className="container">
          <h2 className="title is-3">{t('home.featuresTitle')}</h2>
          <div className="columns">
            {FEATURES.map((feature) => (
              <div className="column" key={feature}>
                <div className="box feature-box">
                  <h3 className="title is-5">{t(`home.features.${feature}.title`)}</h3>
                  <p>{t(`home.features.${feature}.text`)}</p>
                </div>
              </div>
            ))}
          </div>
          <p>
            {t('home.videoHint')}{' '}
            <ButtonLink to="/video-example" variant="link" outlined>
              {t('home.videoLink')}
            </ButtonLink>
          </p>
        </div>
      </section>
    </>
  );
}
