/**
 * The XSRF token of a guest session (no user: after logout, before registering) starts with this
 * prefix, so the web app knows without asking that there is nobody to load (`GET /api/user`
 * would answer 401, which browsers log as an error on every page load).
 */
export const GUEST_XSRF_PREFIX = 'g.';

export const isGuestXsrfToken = (token: string) => token.startsWith(GUEST_XSRF_PREFIX);
