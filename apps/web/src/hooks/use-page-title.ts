import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { requestScope } from '@/lib/request-scope';

/** The document title of a page: "<page> – <app name>" (the app name alone without a page title). */
export function pageTitle(app: string, title?: string | null): string {
  return title ? `${title} – ${app}` : app;
}

/**
 * Sets the document title; a page rendered on the server names it in its request's scope, and the
 * server writes it into the page's `<title>`.
 */
export function usePageTitle(title?: string | null): void {
  const { t } = useTranslation();
  const app = t('app.name');
  const scope = requestScope();
  if (scope) scope.title = pageTitle(app, title);
  useEffect(() => {
    document.title = pageTitle(app, title);
  }, [title, app]);
}
