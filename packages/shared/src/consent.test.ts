import { describe, expect, it } from 'vitest';
import { consentNoticeNeeded, DEFAULT_CONSENT, parseConsent } from './consent.ts';

describe('the consent cookie, read once for the app and the server', () => {
  it('reads anything unreadable as the default: both notices shown, nothing granted', () => {
    for (const raw of [undefined, null, '', 'not json', 'null', '[]', '"text"', '42'])
      expect(parseConsent(raw), String(raw)).toEqual(DEFAULT_CONSENT);
  });

  it('grants only on true and closes a notice only on false', () => {
    expect(parseConsent('{"newAppInfo":"false","consentedRequired":"true","cookies":0}')).toEqual(
      DEFAULT_CONSENT,
    );
    expect(
      parseConsent('{"newAppInfo":false,"consentedRequired":true,"consentedMatomo":true,"cookies":false}'),
    ).toEqual({ newAppInfo: false, consentedRequired: true, consentedMatomo: true, cookies: false });
  });

  it('the cookie notice stays until it is confirmed and closed', () => {
    const needed = (json: string | undefined) => consentNoticeNeeded(parseConsent(json));
    expect(needed(undefined)).toBe(true);
    expect(needed('{"consentedRequired":true}')).toBe(true);
    expect(needed('{"cookies":false}')).toBe(true);
    // confirmed, then reopened with the footer's "Cookies" link
    expect(needed('{"consentedRequired":true,"cookies":true}')).toBe(true);
    expect(needed('{"cookies":false,"consentedRequired":true}')).toBe(false);
  });
});
