import type { ReactNode } from 'react';
import { useMatch, useResolvedPath } from 'react-router';
import { AppLink } from '@/components/app-link';
import { useLocalizePath } from '@/hooks/use-locale';

export interface TabItem {
  /** App path without language prefix. */
  to: string;
  label: ReactNode;
  end?: boolean;
}

function Tab({ item }: { item: TabItem }) {
  const localize = useLocalizePath();
  const resolved = useResolvedPath(localize(item.to));
  const active = useMatch({ path: resolved.pathname, end: item.end ?? true }) !== null;
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
