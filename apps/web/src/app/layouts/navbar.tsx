import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import logo from '@/assets/logo.svg';
import { AppLink } from '@/components/app-link';
import { ButtonLink } from '@/components/ui/button';
import { useLogout } from '@/features/auth/api/logout';
import { hasScope, type NavLink as NavLinkItem, navLinks, useUser } from '@/lib/auth';
import { stripLocale } from '@/lib/locale';
import { LanguageSwitch } from './language-switch';

function linkLabel(link: NavLinkItem, t: (key: string, options?: Record<string, unknown>) => string) {
  switch (link.id) {
    case 'seminars':
      return t('nav.seminars');
    case 'employees':
      return t('nav.employees');
    case 'companySeminars':
      return link.company ? t('nav.companySeminarsOf', { company: link.company }) : t('nav.companySeminars');
    case 'tests':
      return t('nav.tests');
  }
}

/** Pages reached from "Company seminars" outside `/company/{name}`: assigning employees, booking for the company. */
const COMPANY_SEMINAR_PAGES = /^\/seminar\/(id\/\d+\/assign-user-company|booking\/\d+)\/?$/;

/**
 * The navbar link of the current page (path without language prefix): a company's "Company
 * seminars" for every page of that company (`/company/{name}`, its seminars, booked seminars, a
 * seminar) and for the pages reached from there; otherwise the link whose path is the longest
 * prefix of the page's.
 */
export function currentNavLink(links: NavLinkItem[], path: string): NavLinkItem | null {
  const within = (base: string) => path === base || path.startsWith(`${base}/`);
  const companyLinks = links.filter((link) => link.id === 'companySeminars');
  for (const link of companyLinks) {
    const base = link.to.replace(/\/seminar$/, '');
    if (within(base) && !/^\/company\/[^/]+\/register\/?$/.test(path)) return link;
  }
  if (companyLinks[0] && COMPANY_SEMINAR_PAGES.test(path)) return companyLinks[0];
  let best: NavLinkItem | null = null;
  for (const link of links) {
    const base = link.to.split('?')[0] ?? link.to;
    if (within(base) && (!best || base.length > best.to.length)) best = link;
  }
  return best;
}

function UserMenu({ username, admin }: { username: string; admin: boolean }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const logout = useLogout();
  const rootRef = useRef<HTMLDivElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const menuId = `user-menu${useId().replace(/:/g, '')}`;
  const { pathname } = useLocation();

  // biome-ignore lint/correctness/useExhaustiveDependencies: close whenever the page changes
  useEffect(() => setOpen(false), [pathname]);

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [open]);

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: Escape closes the menu from any item in it
    <div
      ref={rootRef}
      className={['navbar-item has-dropdown user-menu', open && 'is-active'].filter(Boolean).join(' ')}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && open) {
          event.stopPropagation();
          setOpen(false);
          triggerRef.current?.focus();
        }
      }}
      onBlur={(event) => {
        if (open && !rootRef.current?.contains(event.relatedTarget as Node | null)) setOpen(false);
      }}
    >
      <button
        ref={triggerRef}
        type="button"
        className="navbar-link"
        aria-expanded={open}
        aria-controls={menuId}
        aria-label={t('nav.userMenu', { username })}
        onClick={() => setOpen((v) => !v)}
        data-testid="user-menu-toggle"
      >
        {username}
      </button>
      <div className="navbar-dropdown is-right" id={menuId}>
        <AppLink to="/learn" className="navbar-item" data-testid="nav-learn">
          {t('nav.learn')}
        </AppLink>
        <AppLink to="/user" className="navbar-item">
          {t('nav.profile')}
        </AppLink>
        <AppLink to="/user/password" className="navbar-item">
          {t('nav.password')}
        </AppLink>
        <AppLink to="/user/privacy" className="navbar-item" data-testid="nav-privacy">
          {t('nav.privacy')}
        </AppLink>
        <AppLink to="/certificates" className="navbar-item" data-testid="nav-certificates">
          {t('nav.certificates')}
        </AppLink>
        <AppLink to="/payment/payment-confirmation" className="navbar-item" data-testid="nav-payments">
          {t('nav.payments')}
        </AppLink>
        {admin ? (
          <AppLink to="/admin" className="navbar-item" data-testid="nav-admin">
            {t('nav.admin')}
          </AppLink>
        ) : null}
        <hr className="navbar-divider" />
        <button
          type="button"
          className="navbar-item navbar-button"
          onClick={() => logout.mutate()}
          disabled={logout.isPending}
          data-testid="logout"
        >
          {t('nav.logout')}
        </button>
      </div>
    </div>
  );
}

/** The main navigation (spec section 2 rules). */
export function Navbar() {
  const { t } = useTranslation();
  const { data: user, isPending } = useUser();
  const [open, setOpen] = useState(false);
  const { pathname } = useLocation();
  const menuId = 'main-navbar-menu';

  // biome-ignore lint/correctness/useExhaustiveDependencies: close whenever the page changes
  useEffect(() => setOpen(false), [pathname]);

  const links = navLinks(user ?? null);
  const current = currentNavLink(links, stripLocale(pathname));

  return (
    <nav className="navbar is-spaced has-shadow" aria-label={t('nav.main')}>
      <div className="container">
        <div className="navbar-brand">
          <AppLink to="/" className="navbar-item navbar-logo">
            <img src={logo} width={200} height={80} alt={t('nav.logoAlt')} />
          </AppLink>
          <button
            type="button"
            className={['navbar-burger', open && 'is-active'].filter(Boolean).join(' ')}
            aria-label={open ? t('nav.closeMenu') : t('nav.openMenu')}
            aria-expanded={open}
            aria-controls={menuId}
            onClick={() => setOpen((v) => !v)}
          >
            <span aria-hidden="true" />
            <span aria-hidden="true" />
            <span aria-hidden="true" />
            <span aria-hidden="true" />
          </button>
        </div>
        <div id={menuId} className={['navbar-menu', open && 'is-active'].filter(Boolean).join(' ')}>
          <div className="navbar-start">
            {links.map((link) => (
              <AppLink
                key={`${link.id}:${link.to}`}
                to={link.to}
                className={['navbar-item', link === current && 'is-active'].filter(Boolean).join(' ')}
                aria-current={link === current ? 'page' : undefined}
                data-nav={link.id}
              >
                {linkLabel(link, t)}
              </AppLink>
            ))}
          </div>
          <div className="navbar-end">
            <div className="navbar-item">
              <LanguageSwitch />
            </div>
            {user ? (
              <UserMenu username={user.username} admin={hasScope(user, 'admin')} />
            ) : isPending ? null : (
              <div className="navbar-item">
                <div className="buttons">
                  <ButtonLink to="/register" variant="primary">
                    {t('nav.register')}
                  </ButtonLink>
                  <ButtonLink to="/login" variant="light">
                    {t('nav.login')}
                  </ButtonLink>
                </div>
              </div>
            )}
          </div>
        </div>
      </div>
    </nav>
  );
}
