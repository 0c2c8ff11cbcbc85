import { useIsFetching, useIsMutating } from '@tanstack/react-query';
import { useEffect, useLayoutEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigation } from 'react-router';
import { onApiError } from '@/lib/api-client';
import { LoadingIndicator, progressStep } from '@/lib/loading-indicator';

/**
 * Top progress bar (spec section 9) following route navigation (loaders, lazy chunks) and
 * TanStack fetches/mutations; red when a request failed.
 */
export function ProgressBar() {
  const { t } = useTranslation();
  const [indicator] = useState(() => new LoadingIndicator());
  const state = useSyncExternalStore(indicator.subscribe, indicator.getState, indicator.getState);
  const navigating = useNavigation().state !== 'idle';
  const fetching = useIsFetching() + useIsMutating() > 0;
  const seen = useRef({ navigation: false, fetch: false });
  const previous = useRef({ navigating, fetching });

  useEffect(() => () => indicator.dispose(), [indicator]);
  useEffect(() => onApiError(() => indicator.fail()), [indicator]);

  useEffect(() => {
    const before = previous.current;
    previous.current = { navigating, fetching };
    if (navigating) seen.current.navigation = true;
    if (fetching) seen.current.fetch = true;
    if (navigating || fetching) {
      indicator.start();
      const step = progressStep(seen.current.navigation, seen.current.fetch);
      if ((before.navigating && !navigating) || (before.fetching && !fetching)) indicator.increase(step);
    } else {
      indicator.finish();
      seen.current = { navigation: false, fetch: false };
    }
  }, [navigating, fetching, indicator]);

  // set on the element, not as a style attribute: the server's markup carries none (the
  // Content-Security-Policy allows no inline style); the stylesheet starts it at scaleX(0)
  const bar = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    if (bar.current) bar.current.style.transform = `scaleX(${state.percent / 100})`;
  }, [state.percent]);

  return (
    <div
      ref={bar}
      className={['progress-bar', state.visible && 'is-visible', state.failed && 'is-failed']
        .filter(Boolean)
        .join(' ')}
      role="progressbar"
      aria-label={t('common.loading')}
      aria-hidden={!state.visible}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={Math.round(state.percent)}
    />
  );
}
