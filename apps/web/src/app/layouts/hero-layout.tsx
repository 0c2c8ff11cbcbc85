import { Outlet } from 'react-router';
import { NewAppBanner } from '@/features/consent/components/new-app-banner';
import { Footer } from './footer';
import { Navbar } from './navbar';
import { SkipLink } from './skip-link';

/** Like the default layout, but the page spans the full width (home page hero). */
export function HeroLayout() {
  return (
    <div className="layout layout-hero">
      <SkipLink />
      <Navbar />
      <NewAppBanner />
      <main id="main-content" className="layout-main" tabIndex={-1}>
        <Outlet />
      </main>
      <Footer />
    </div>
  );
}
