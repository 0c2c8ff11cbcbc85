import { setCookie } from '@/lib/cookies';

/** Sets a cookie the way the server's Set-Cookie would leave it readable for the page. */
export const setTestCookie = (name: string, value: string) =>
  setCookie(name, value, { days: 1, sameSite: 'Lax' });
