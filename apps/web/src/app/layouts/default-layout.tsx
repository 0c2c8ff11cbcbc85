import { Outlet } from 'react-router';
import { NewAppBanner } from '@/features/consent/components/new-app-banner';
import { Footer } from './footer';
import { Navbar } from './navbar';
import { SkipLink } from './skip-link';

/** Navbar, new-app banner, page in a container, footer (the consent modal sits in the root shell). */
export function DefaultLayout() {
  return (
    <div className="layout layout-default">
      <SkipLink />
      <Navbar />
      <NewAppBanner />
      <main id="main-content" className="section layout-main" tabIndex={-1}>
        <div className="container">
          <Outlet />
        </div>
      </main>
      <Footer />
    </div>
  );
}
