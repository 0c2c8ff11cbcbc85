import { useTranslation } from 'react-i18next';
import { ButtonLink } from '@/components/ui/button';
import { usePageTitle } from '@/hooks/use-page-title';

export interface ErrorViewProps {
  status: number;
  message: string | null;
}

/** Spec section 8: 404 → "Page not found"; anything else → "An error occurred" with status. */
export function ErrorView({ status, message }: ErrorViewProps) {
  const { t } = useTranslation();
  const notFound = status === 404;
  const title = notFound ? t('errors.notFound.title') : t('errors.generic.title');
  usePageTitle(title);
  return (
    <section className="section error-page" data-testid="error-page" data-status={status}>
      <div className="container has-text-centered">
        <p className="error-status" aria-hidden="true">
          {status}
        </p>
        <h1 className="title is-2">{title}</h1>
        {notFound ? (
          <p className="subtitle">{t('errors.notFound.message')}</p>
        ) : (
          <>
            <p className="subtitle">{t('errors.generic.status', { status })}</p>
            <p className="mb-5" data-testid="error-message">
              {message ?? t('errors.generic.message')}
            </p>
          </>
        )}
        <ButtonLink to="/" variant="primary">
          {t('errors.home')}
        </ButtonLink>
      </div>
    </section>
  );
}

/** The page-not-found view, for a resource the server doesn't know (or doesn't show this user). */
export function NotFoundView() {
  return <ErrorView status={404} message={null} />;
}
