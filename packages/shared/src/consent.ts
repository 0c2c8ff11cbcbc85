/**
 * The visitor's consent and closed notices (spec section 4), kept as JSON in the cookie
 * `cookie_consent` (365 days, SameSite=Strict). One reading for the app's consent store and for
 * the server, which draws the new-app banner and the cookie notice into a page's first frame by it.
 */
export const CONSENT_COOKIE = 'cookie_consent';

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

/**
 * The cookie's JSON text (already URI-decoded) as a state; anything unreadable is the default.
 * Only `true` grants, only `false` closes a notice.
 */
export function parseConsent(json: string | null | undefined): ConsentState {
  if (!json) return DEFAULT_CONSENT;
  try {
    const value = JSON.parse(json) as unknown;
    if (typeof value !== 'object' || value === null) return DEFAULT_CONSENT;
    const v = value as Partial<Record<keyof ConsentState, unknown>>;
    return {
      consentedRequired: v.consentedRequired === true,
      consentedMatomo: v.consentedMatomo === true,
      cookies: v.cookies !== false,
      newAppInfo: v.newAppInfo !== false,
    };
  } catch {
    return DEFAULT_CONSENT;
  }
}

/** A visitor who is not logged in sees the cookie notice until it is confirmed and closed. */
export const consentNoticeNeeded = (consent: ConsentState): boolean =>
  consent.cookies || !consent.consentedRequired;
