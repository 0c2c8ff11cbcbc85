import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** Sets the document title to "<page> – <app name>" (the app name alone without a page title). */
export function usePageTitle(title?: string | null): void {
  const { t } = useTranslation();
  const app = t('app.name');
  useEffect(() => {
    document.title = title ? `${title} – ${app}` : app;
  }, [title, app]);
}
