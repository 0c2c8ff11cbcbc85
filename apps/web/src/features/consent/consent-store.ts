/**
 * Cookie consent (spec section 4): the state of `@elearn/shared`'s `consent.ts`, read from and
 * written to the cookie `cookie_consent` (365 days, SameSite=Strict), URI-encoded JSON.
 */

import { CONSENT_COOKIE, type ConsentState, DEFAULT_CONSENT, parseConsent } from '@elearn/shared';
import { useSyncExternalStore } from 'react';
import { getCookie, setCookie } from '@/lib/cookies';

export { CONSENT_COOKIE, type ConsentState, DEFAULT_CONSENT } from '@elearn/shared';
export const CONSENT_COOKIE_DAYS = 365;

let cachedRaw: string | null | undefined;
let cachedState: ConsentState = DEFAULT_CONSENT;
const listeners = new Set<() => void>();

function parse(raw: string | null): ConsentState {
  if (!raw) return DEFAULT_CONSENT;
  try {
    return parseConsent(decodeURIComponent(raw));
  } catch {
    return DEFAULT_CONSENT; // a malformed %-escape
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
  // on the server the rendered request's cookie (lib/cookies.ts), so the notice is in its markup
  return useSyncExternalStore(subscribe, readConsent, readConsent);
}
