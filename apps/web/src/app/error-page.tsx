import { Component, type ErrorInfo, type ReactNode, useEffect } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { ErrorView } from '@/components/error-view';
import { errorMessage, errorStatus } from '@/lib/http-error';
import { pageI18n } from '@/lib/i18n';

export { ErrorView, type ErrorViewProps } from '@/components/error-view';

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
      text = pageI18n().t('errors.errorPageFailed', { defaultValue: text });
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
