import { useTranslation } from 'react-i18next';
import { AppLink } from '@/components/app-link';
import { COMPANY } from '@/config/paths';
import { openCookieNotice } from '@/features/consent/consent-store';
import { useUser } from '@/lib/auth';
import { siteYear } from '@/lib/format';

/** Spec section 2: address, help mail, legal and company links, Cookies (logged out), ©. */
export function Footer() {
  const { t } = useTranslation();
  const { data: user } = useUser();
  // the year in Switzerland, not on the visitor's clock: the server wrote the same
  const year = siteYear(Date.now());
  return (
    <footer className="footer site-footer">
      <div className="container">
        <div className="columns">
          <div className="column">
            <h2 className="footer-heading">{t('footer.contact')}</h2>
            <address>
              <strong>{t('footer.company')}</strong>
              <br />
              {t('footer.street')}
              <br />
              {t('footer.city')}
              <br />
              {t('footer.country')}
              <br />
              <a href={COMPANY.phoneHref}>{COMPANY.phone}</a>
            </address>
          </div>
          <div className="column">
            <h2 className="footer-heading">{t('footer.help')}</h2>
            <p>{t('footer.helpText')}</p>
            <a href={`mailto:${COMPANY.helpMail}`}>{COMPANY.helpMail}</a>
          </div>
          <div className="column">
            <h2 className="footer-heading">{t('footer.links')}</h2>
            <ul className="footer-links">
              <li>
                <AppLink to="/impress">{t('footer.impress')}</AppLink>
              </li>
              <li>
                <AppLink to="/dsg">{t('footer.privacy')}</AppLink>
              </li>
              <li>
                <a href={COMPANY.blog} target="_blank" rel="noopener noreferrer">
                  {t('footer.blog')}
                  <span className="is-sr-only"> {t('common.newWindow')}</span>
                </a>
              </li>
              <li>
                <a href={COMPANY.values} target="_blank" rel="noopener noreferrer">
                  {t('footer.values')}
                  <span className="is-sr-only"> {t('common.newWindow')}</span>
                </a>
              </li>
              {user === null ? (
                <li>
                  <button
                    type="button"
                    className="link-button"
                    onClick={openCookieNotice}
                    data-testid="footer-cookies"
                  >
                    {t('footer.cookies')}
                  </button>
                </li>
              ) : null}
            </ul>
          </div>
        </div>
        <p className="has-text-centered copyright">
          <span data-testid="copyright">{`© ${COMPANY.foundingYear}–${year}`}</span> {t('footer.company')}
        </p>
      </div>
    </footer>
  );
}
