import { useMatches } from 'react-router';

/** The id of the page being shown (app/pages.ts): the deepest route with a page handle. */
export function useCurrentPageId(): string | undefined {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const id = (matches[i]?.handle as { id?: unknown } | undefined)?.id;
    if (typeof id === 'string') return id;
  }
  return undefined;
}
