/**
 * App paths without the language prefix (German form); `localizePath` adds `/en` for English.
 * Every path here is one of `PAGE_ROUTES` / `EXTRA_PAGE_ROUTES` of @elearn/shared.
 */
export const paths = {
  home: '/',
  login: '/login',
  register: '/register',
  forgotPassword: '/forgot-password',
  resetPassword: (token: string) => `/reset-password/${encodeURIComponent(token)}`,
  verifyEmail: (id: string, hash: string) =>
    `/email/verify/${encodeURIComponent(id)}/${encodeURIComponent(hash)}`,
  impress: '/impress',
  dsg: '/dsg',
  unauthorized: '/unauthorized',
  user: '/user',
  userPassword: '/user/password',
  videoExample: '/video-example',
  admin: '/admin',
  trainer: '/trainer',
  seminar: '/seminar',
  seminarOwn: '/seminar/own',
  employees: '/employees',
  mcTest: '/mcTest',
  companySeminar: (shortName: string) => `/company/${encodeURIComponent(shortName)}/seminar`,
} as const;

/** Contact data and the company website (footer); the address text lives in the i18n catalogs. */
export const COMPANY = {
  phone: '+41 44 123 45 67',
  phoneHref: 'tel:+41441234567',
  helpMail: 'hilfe@beratung-muster.example.ch',
  website: 'https://www.example.ch',
  blog: 'https://www.example.ch/blog',
  values: 'https://www.example.ch/werte',
  foundingYear: 2015,
} as const;

/** The login page with the page to return to afterwards. */
export const loginHref = (localizedLoginPath: string, redirect: string) =>
  `${localizedLoginPath}?redirect=${encodeURIComponent(redirect)}`;
