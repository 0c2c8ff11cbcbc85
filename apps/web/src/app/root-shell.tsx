import { lazy, Suspense, useEffect, useState } from 'react';
import { Outlet, useLocation, useNavigationType } from 'react-router';
import { OfflineNotice } from '@/components/layout/offline-notice';
import { ProgressBar } from '@/components/layout/progress-bar';
import { ReturnToTop } from '@/components/layout/return-to-top';
import { Toasts } from '@/components/layout/toasts';
import { UnverifiedNotice } from '@/features/auth/components/unverified-notice';
import { MatomoTracker } from '@/features/consent/components/matomo-tracker';
import { useConsent } from '@/features/consent/consent-store';
import { useUser } from '@/lib/auth';
import { applyLocale } from '@/lib/i18n';
import { localeFromPath } from '@/lib/locale';

/** New pages start at the top; back/forward keeps the browser's position. */
function ScrollToTop() {
  const { pathname } = useLocation();
  const type = useNavigationType();
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every new path on purpose
  useEffect(() => {
    if (type !== 'POP') window.scrollTo(0, 0);
  }, [pathname, type]);
  return null;
}

/** Keeps the UI language in line with the URL even where no loader ran (error paths). */
function LocaleSync() {
  const { pathname } = useLocation();
  const locale = localeFromPath(pathname);
  useEffect(() => {
    void applyLocale(locale);
  }, [locale]);
  return null;
}

const ConsentModal = lazy(() =>
  import('@/features/consent/components/consent-modal').then((m) => ({ default: m.ConsentModal })),
);

/**
 * Loads the cookie notice (and its form pieces) only for a visitor who still has to see it;
 * once shown it stays mounted, so it can close itself. The modal overlays the page: no shift.
 */
function ConsentNotice() {
  const { data: user, isPending } = useUser();
  const consent = useConsent();
  const [shown, setShown] = useState(false);
  const needed = !isPending && !user && (consent.cookies || !consent.consentedRequired);
  if (needed && !shown) setShown(true);
  return shown ? (
    <Suspense fallback={null}>
      <ConsentModal />
    </Suspense>
  ) : null;
}

/** The root route: app-wide pieces around every layout. */
export function RootShell() {
  return (
    <>
      <LocaleSync />
      <ScrollToTop />
      <ProgressBar />
      <UnverifiedNotice />
      <Outlet />
      <Toasts />
      <OfflineNotice />
      <ReturnToTop />
      <ConsentNotice />
      <MatomoTracker />
    </>
  );
}
