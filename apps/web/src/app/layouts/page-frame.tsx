import type { ReactNode } from 'react';
import { NewAppBanner } from '@/features/consent/components/new-app-banner';
import { Footer } from './footer';
import { Navbar } from './navbar';
import { SkipLink } from './skip-link';

/** Navbar, new-app banner, the page's main region, footer (the frame of the default layout). */
export function PageFrame({ name, children }: { name: string; children: ReactNode }) {
  return (
    <div className={`layout layout-${name}`}>
      <SkipLink />
      <Navbar />
      <NewAppBanner />
      <main id="main-content" className="section layout-main" tabIndex={-1}>
        <div className="container">{children}</div>
      </main>
      <Footer />
    </div>
  );
}
