import { Outlet, useMatches } from 'react-router';
import { NewAppBanner } from '@/features/consent/components/new-app-banner';
import type { RouteHandle } from '../page-types';
import { Footer } from './footer';
import { Navbar } from './navbar';
import { SkipLink } from './skip-link';

/**
 * Navbar, new-app banner (unless the page says `newAppBanner: false`), page in a container, footer
 * (the consent modal sits in the root shell).
 */
export function DefaultLayout() {
  const banner = useMatches().every(
    (match) => (match.handle as RouteHandle | undefined)?.newAppBanner !== false,
  );
  return (
    <div className="layout layout-default">
      <SkipLink />
      <Navbar />
      {banner ? <NewAppBanner /> : null}
      <main id="main-content" className="section layout-main" tabIndex={-1}>
        <div className="container">
          <Outlet />
        </div>
      </main>
      <Footer />
    </div>
  );
}
