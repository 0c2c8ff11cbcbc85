import { useEffect } from 'react';
import { Outlet, useLocation, useNavigationType } from 'react-router';
import { OfflineNotice } from '@/components/layout/offline-notice';
import { ProgressBar } from '@/components/layout/progress-bar';
import { ReturnToTop } from '@/components/layout/return-to-top';
import { Toasts } from '@/components/layout/toasts';
import { UnverifiedNotice } from '@/features/auth/components/unverified-notice';
import { ConsentModal } from '@/features/consent/components/consent-modal';
import { MatomoTracker } from '@/features/consent/components/matomo-tracker';
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
      <ConsentModal />
      <MatomoTracker />
    </>
  );
}
