import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useLocale } from '@/hooks/use-locale';
import { type Locale, switchLocalePath, writeLocaleCookie } from '@/lib/locale';

const LANGUAGES: { locale: Locale; short: string }[] = [
  { locale: 'de', short: 'DE' },
  { locale: 'en', short: 'EN' },
];

/** de/en switch: the same page in the other language; remembers the choice in `i18n_redirected`. */
export function LanguageSwitch({ className }: { className?: string }) {
  const { t } = useTranslation();
  const current = useLocale();
  const location = useLocation();
  return (
    <nav className={['language-switch', className].filter(Boolean).join(' ')} aria-label={t('nav.language')}>
      {LANGUAGES.map(({ locale, short }) => {
        const active = locale === current;
        return (
          <Link
            key={locale}
            to={`${switchLocalePath(location.pathname, locale)}${location.search}${location.hash}`}
            className={['language-switch-link', active && 'is-active'].filter(Boolean).join(' ')}
            lang={locale}
            hrefLang={locale}
            aria-current={active ? 'true' : undefined}
            title={t(`nav.languageName.${locale}`)}
            onClick={() => writeLocaleCookie(locale)}
            data-testid={`lang-${locale}`}
          >
            {short}
          </Link>
        );
      })}
    </nav>
  );
}
