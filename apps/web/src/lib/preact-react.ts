/**
 * Every `import … from 'react'` of the production build resolves to this module (alias in
 * vite.config.ts): Preact's React compatibility layer, plus the React 19 hook it lacks.
 *
 * React Router reads `React.useOptimistic` and falls back when it is missing, but the bundler
 * cannot know that and warned on every build ("useOptimistic will always be undefined"). React
 * shows an optimistic value only while a transition or action is pending; Preact never keeps
 * one pending (compat's `startTransition` runs its callback at once), so an optimistic value
 * would be dropped in the same render: the hook returns the state it was given, as React does
 * outside a transition, and its setter has nothing to keep. (React Router calls the setter only
 * with `useTransitions`, which the app does not use.)
 */
// preact/compat's types say `export =` (no `export *` of them); its ES module has named exports
// @ts-expect-error TS2498
export * from 'preact/compat';
export { default } from 'preact/compat';

const keepNothing = () => undefined;

export function useOptimistic<S, A = S>(
  passthrough: S,
  _reducer?: (current: S, action: A) => S,
): [S, (action: A) => void] {
  return [passthrough, keepNothing];
}
