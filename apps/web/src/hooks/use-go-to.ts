import { useCallback } from 'react';
import { useNavigate } from 'react-router';

/**
 * Goes to a URL the server gave (a checkout or the payment's redirect URL): inside the app when
 * it is on this site (the built-in test checkout), as a full page load otherwise (Mollie).
 */
export function useGoTo(): (url: string) => void {
  const navigate = useNavigate();
  return useCallback(
    (url: string) => {
      const target = new URL(url, window.location.href);
      if (target.protocol !== 'https:' && target.protocol !== 'http:') return;
      if (target.origin === window.location.origin) void navigate(`${target.pathname}${target.search}`);
      else window.location.assign(target.href);
    },
    [navigate],
  );
}
