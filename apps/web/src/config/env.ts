/**
 * The build's environment. Read by hand, not with zod: this module is on the first page's path,
 * and zod stays out of the initial bundle (it loads with the forms that use it).
 */
const apiUrl: unknown = import.meta.env.VITE_API_URL;

export const env = {
  /** Base address of the API; empty means the app's own origin (the server serves both). */
  API_URL: typeof apiUrl === 'string' ? apiUrl.replace(/\/+$/, '') : '',
};
