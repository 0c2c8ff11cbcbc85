import { consentNoticeNeeded, isGuestXsrfToken } from '@elearn/shared';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Outlet, useLocation, useNavigationType } from 'react-router';
import { OfflineNotice } from '@/components/layout/offline-notice';
import { PageLoader } from '@/components/layout/page-loader';
import { ProgressBar } from '@/components/layout/progress-bar';
import { ReturnToTop } from '@/components/layout/return-to-top';
import { Toasts } from '@/components/layout/toasts';
import { MatomoTracker } from '@/features/consent/components/matomo-tracker';
import { readConsent, useConsent } from '@/features/consent/consent-store';
import { readXsrfToken } from '@/lib/api-client';
import { useCurrentUser, useUser } from '@/lib/auth';
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

const UnverifiedNotice = lazy(() =>
  import('@/features/auth/components/unverified-notice').then((m) => ({ default: m.UnverifiedNotice })),
);

/**
 * The notice for a logged-in user whose address is not verified yet. It carries a form
 * (react-hook-form, zod), so it is loaded only for such a user; the page waits for it in the
 * same Suspense boundary, so notice and page appear together (no shift).
 */
function UnverifiedSlot() {
  const user = useCurrentUser();
  return user && !user.email_verified_at ? <UnverifiedNotice /> : null;
}

const loadConsentModal = () => import('@/features/consent/components/consent-modal');
const ConsentModal = lazy(() => loadConsentModal().then((m) => ({ default: m.ConsentModal })));

/**
 * A guest who has not confirmed the cookie notice will see it: its chunk loads at start, beside
 * the page's, so the notice opens with the page instead of one round trip later (issue 13: it is
 * the largest text a first-time visitor sees).
 */
function preloadConsentNotice(): void {
  if (typeof document === 'undefined' || readConsent().consentedRequired) return;
  const token = readXsrfToken();
  if (token === null || isGuestXsrfToken(token)) loadConsentModal().catch(() => {});
}
preloadConsentNotice();

/**
 * Loads the cookie notice (and its form pieces) only for a visitor who still has to see it;
 * once shown it stays mounted, so it can close itself. The modal overlays the page: no shift.
 */
function ConsentNotice() {
  const { data: user, isPending } = useUser();
  const consent = useConsent();
  const needed = !isPending && !user && consentNoticeNeeded(consent);
  const [shown, setShown] = useState(needed);
  if (needed && !shown) setShown(true);
  return shown ? (
    <Suspense fallback={null}>
      <ConsentModal />
    </Suspense>
  ) : null;
}

/** Marks the document once the app has hydrated (or rendered) its first page: e2e waits for it. */
function HydratedMark() {
  useEffect(() => {
    document.documentElement.setAttribute('data-hydrated', '');
  }, []);
  return null;
}

/** The root route: app-wide pieces around every layout. */
export function RootShell() {
  return (
    <>
      <LocaleSync />
      <HydratedMark />
      <ScrollToTop />
      <ProgressBar />
      <Suspense fallback={<PageLoader />}>
        <UnverifiedSlot />
        <Outlet />
      </Suspense>
      <Toasts />
      <OfflineNotice />
      <ReturnToTop />
      <ConsentNotice />
      <MatomoTracker />
    </>
  );
}
