import { Component, type ErrorInfo, type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { ButtonLink } from '@/components/ui/button';
import { usePageTitle } from '@/hooks/use-page-title';
import { errorMessage, errorStatus } from '@/lib/http-error';
import { i18n } from '@/lib/i18n';

/** If the error page itself fails, this plain text is all that is left (spec section 8). */
export class ErrorPageBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('The error page failed', error, info.componentStack);
  }

  render() {
    if (!this.state.failed) return this.props.children;
    let text = 'An error occurred while showing the error page';
    try {
      text = i18n.t('errors.errorPageFailed', { defaultValue: text });
    } catch {
      // keep the English text
    }
    return (
      <section className="section error-page" data-testid="error-page-failed">
        <p className="title is-4">{text}</p>
      </section>
    );
  }
}

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

function RouteErrorView() {
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : errorStatus(error);
  const message = errorMessage(error);
  useEffect(() => {
    if (status >= 500) console.error(error);
  }, [error, status]);
  return <ErrorView status={status} message={message} />;
}

/** The error page of a page route (rendered inside its layout). */
export function ErrorPage() {
  return (
    <ErrorPageBoundary>
      <RouteErrorView />
    </ErrorPageBoundary>
  );
}

/** The last resort when a layout failed: the error page without layout. */
export function RootErrorPage() {
  return (
    <ErrorPageBoundary>
      <main id="main-content" tabIndex={-1}>
        <RouteErrorView />
      </main>
    </ErrorPageBoundary>
  );
}
