import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * False while React renders on the server and while it hydrates that markup in the browser,
 * true afterwards and in every render that is not a hydration: for what the server cannot draw
 * the same way (a portal into `document.body`).
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
