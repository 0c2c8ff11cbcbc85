import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { AppNavLink } from '@/components/app-link';
import { ADMIN_SECTIONS } from '@/features/admin/sections';
import { Footer } from './footer';
import { Navbar } from './navbar';
import { SkipLink } from './skip-link';

const linkClass = ({ isActive }: { isActive: boolean }) => (isActive ? 'is-active' : undefined);

/**
 * The admin area (issue 7): a header, the side navigation of its sections (on narrow screens
 * above the page) and the page. The admin guard of each page keeps everyone else out.
 */
export function AdminLayout() {
  const { t } = useTranslation();
  return (
    <div className="layout layout-area layout-admin">
      <SkipLink />
      <Navbar />
      <header className="hero is-small area-header area-admin">
        <div className="hero-body">
          <div className="container">
            <p className="title is-5">{t('areas.admin')}</p>
          </div>
        </div>
      </header>
      <main id="main-content" className="section layout-main" tabIndex={-1}>
        <div className="container">
          <div className="columns">
            <aside className="column is-3-desktop is-4-tablet">
              <nav className="menu box" aria-label={t('admin.nav.label')} data-testid="admin-nav">
                <p className="menu-label">{t('admin.nav.title')}</p>
                <ul className="menu-list">
                  {ADMIN_SECTIONS.map((section) => (
                    <li key={section.id}>
                      <AppNavLink
                        to={section.to}
                        end={section.to === '/admin'}
                        className={linkClass}
                        data-testid={`admin-nav-${section.id}`}
                      >
                        {t(section.label)}
                      </AppNavLink>
                    </li>
                  ))}
                </ul>
              </nav>
            </aside>
            <div className="column">
              <Outlet />
            </div>
          </div>
        </div>
      </main>
      <Footer />
    </div>
  );
}
