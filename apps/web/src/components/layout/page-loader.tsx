import { useTranslation } from 'react-i18next';

/** Placeholder while a page's chunk and data load for the first time. */
export function PageLoader() {
  const { t } = useTranslation();
  return (
    <div className="page-loader" role="status" aria-live="polite">
      <span className="loader" aria-hidden="true" />
      <span className="is-sr-only">{t('common.loading')}</span>
    </div>
  );
}
