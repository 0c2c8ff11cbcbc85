import { useTranslation } from 'react-i18next';

/** First focusable element: jumps over the navigation to the page content. */
export function SkipLink() {
  const { t } = useTranslation();
  return (
    <a className="skip-link" href="#main-content">
      {t('common.skipToContent')}
    </a>
  );
}
