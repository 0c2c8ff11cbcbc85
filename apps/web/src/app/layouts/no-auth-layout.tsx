import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import logo from '@/assets/logo.svg';
import { AppLink } from '@/components/app-link';
import { LanguageSwitch } from './language-switch';
import { SkipLink } from './skip-link';

/** Login, registration, password reset and e-mail verification: logo, one card, legal links. */
export function NoAuthLayout() {
  const { t } = useTranslation();
  return (
    <div className="layout layout-no-auth">
      <SkipLink />
      <header className="no-auth-header container">
        <AppLink to="/" className="no-auth-logo">
          <img src={logo} width={200} height={80} alt={t('nav.logoAlt')} />
        </AppLink>
        <LanguageSwitch />
      </header>
      <main id="main-content" className="section layout-main" tabIndex={-1}>
        <div className="columns is-centered">
          <div className="column is-11-tablet is-8-desktop is-6-widescreen">
            <div className="box">
              <Outlet />
            </div>
          </div>
        </div>
      </main>
      <footer className="no-auth-footer has-text-centered">
        <AppLink to="/">{t('nav.home')}</AppLink>
        <span aria-hidden="true"> · </span>
        <AppLink to="/impress">{t('footer.impress')}</AppLink>
        <span aria-hidden="true"> · </span>
        <AppLink to="/dsg">{t('footer.privacy')}</AppLink>
      </footer>
    </div>
  );
}
