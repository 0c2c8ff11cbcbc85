/**
 * Cookie consent (spec section 4): persisted in the cookie `cookie_consent` (365 days,
 * SameSite=Strict) as JSON. `cookies` and `newAppInfo` say whether the cookie notice and the
 * new-app banner are shown; both are visible by default.
 */

import { CONSENT_COOKIE } from '@elearn/shared';
import { useSyncExternalStore } from 'react';
import { getCookie, setCookie } from '@/lib/cookies';

export { CONSENT_COOKIE } from '@elearn/shared';
export const CONSENT_COOKIE_DAYS = 365;

export interface ConsentState {
  /** The visitor acknowledged the (technically necessary) cookies. */
  consentedRequired: boolean;
  /** The visitor allowed the Matomo analytics (only offered when configured). */
  consentedMatomo: boolean;
  /** The cookie notice is shown. */
  cookies: boolean;
  /** The "this is the new platform" banner is shown. */
  newAppInfo: boolean;
}

export const DEFAULT_CONSENT: ConsentState = {
  consentedRequired: false,
  consentedMatomo: false,
  cookies: true,
  newAppInfo: true,
};

let cachedRaw: string | null | undefined;
let cachedState: ConsentState = DEFAULT_CONSENT;
const listeners = new Set<() => void>();

function parse(raw: string | null): ConsentState {
  if (!raw) return DEFAULT_CONSENT;
  try {
    const value = JSON.parse(decodeURIComponent(raw)) as Partial<Record<keyof ConsentState, unknown>>;
    return {
      consentedRequired: value.consentedRequired === true,
      consentedMatomo: value.consentedMatomo === true,
      cookies: value.cookies !== false,
      newAppInfo: value.newAppInfo !== false,
    };
  } catch {
    return DEFAULT_CONSENT;
  }
}

export function readConsent(): ConsentState {
  const raw = getCookie(CONSENT_COOKIE);
  if (raw !== cachedRaw) {
    cachedRaw = raw;
    cachedState = parse(raw);
  }
  return cachedState;
}

export function updateConsent(patch: Partial<ConsentState>): ConsentState {
  const next = { ...readConsent(), ...patch };
  setCookie(CONSENT_COOKIE, encodeURIComponent(JSON.stringify(next)), {
    days: CONSENT_COOKIE_DAYS,
    sameSite: 'Strict',
  });
  for (const listener of listeners) listener();
  return readConsent();
}

/** Reopens the cookie notice (footer link "Cookies"). */
export const openCookieNotice = () => updateConsent({ cookies: true });

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useConsent(): ConsentState {
  return useSyncExternalStore(subscribe, readConsent, () => DEFAULT_CONSENT);
}
