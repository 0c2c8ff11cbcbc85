import type { ReactNode } from 'react';
import { Outlet } from 'react-router';
import { Footer } from './footer';
import { Navbar } from './navbar';
import { SkipLink } from './skip-link';

/** Frame of the admin and trainer areas (placeholders until their issues land). */
export function AreaLayout({ area, title }: { area: string; title: ReactNode }) {
  return (
    <div className={`layout layout-area layout-${area}`}>
      <SkipLink />
      <Navbar />
      <header className={`hero is-small area-header area-${area}`}>
        <div className="hero-body">
          <div className="container">
            <p className="title is-5">{title}</p>
          </div>
        </div>
      </header>
      <main id="main-content" className="section layout-main" tabIndex={-1}>
        <div className="container">
          <Outlet />
        </div>
      </main>
      <Footer />
    </div>
  );
}
