import type { ReactNode } from 'react';
import { matchPath, useLocation, useMatch, useResolvedPath } from 'react-router';
import { AppLink } from '@/components/app-link';
import { useCurrentPageId } from '@/hooks/use-current-page-id';
import { useLocalizePath } from '@/hooks/use-locale';

export interface TabItem {
  /** App path without language prefix. */
  to: string;
  label: ReactNode;
  end?: boolean;
  /** more app paths (route patterns) on which this tab is the active one */
  also?: string[];
  /**
   * ids of the pages (route handles, see app/pages.ts) on which this tab is the active one: for
   * pages whose patterns overlap (`…/subChapter/new` also matches `…/subChapter/:scid`)
   */
  pages?: string[];
}

function Tab({ item }: { item: TabItem }) {
  const localize = useLocalizePath();
  const resolved = useResolvedPath(localize(item.to));
  const exact = useMatch({ path: resolved.pathname, end: item.end ?? true }) !== null;
  const { pathname } = useLocation();
  const bare = pathname.replace(/^\/en(?=\/|$)/, '') || '/';
  const page = useCurrentPageId();
  const active =
    exact ||
    (item.also ?? []).some((pattern) => matchPath(pattern, bare) !== null) ||
    (page !== undefined && (item.pages ?? []).includes(page));
  return (
    <li className={active ? 'is-active' : undefined}>
      <AppLink to={item.to} aria-current={active ? 'page' : undefined}>
        {item.label}
      </AppLink>
    </li>
  );
}

/** Bulma tabs as a navigation of route links (the seminar and test layouts use these). */
export function Tabs({ items, label, boxed }: { items: TabItem[]; label: string; boxed?: boolean }) {
  return (
    <nav className={['tabs', boxed && 'is-boxed'].filter(Boolean).join(' ')} aria-label={label}>
      <ul>
        {items.map((item) => (
          <Tab key={item.to} item={item} />
        ))}
      </ul>
    </nav>
  );
}
