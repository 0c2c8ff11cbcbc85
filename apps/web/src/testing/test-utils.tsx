import type { UserDto } from '@elearn/shared';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { PageDef } from '@/app/page-types';
import { AppProvider } from '@/app/provider';
import { createAppRouter } from '@/app/router';
import { createQueryClient } from '@/lib/query-client';
import { setTestCookie } from './cookies';
import { type Handler, installFetchMock } from './fetch-mock';

const base: UserDto = {
  id: 1,
  username: 'student1',
  email: 'student1@example.com',
  first_name: 'Stefanie',
  last_name: 'Student',
  scope: [],
  companies: [],
  email_verified_at: '2024-01-01T00:00:00.000Z',
  avatar_url: null,
  locale: 'de',
};

const acme = { id: 7, name: 'Acme AG', shortName: 'acme' };

/** The roles of the authorization matrix (DESIGN section 7). */
export const users = {
  student: base,
  companyUser: { ...base, id: 2, username: 'company1', companies: [acme] },
  corporateTraining: {
    ...base,
    id: 3,
    username: 'corporate1',
    scope: ['corporateTraining'],
    companies: [acme],
  },
  trainer: { ...base, id: 4, username: 'trainer1', scope: ['trainer'] },
  admin: { ...base, id: 5, username: 'admin1', scope: ['admin'] },
} satisfies Record<string, UserDto>;

export const guestHandler: Handler = () => ({
  status: 401,
  body: { message: 'Nicht angemeldet.', code: 'unauthenticated' },
});
export const userHandler =
  (user: UserDto): Handler =>
  () => ({ body: user });

export interface RenderAppOptions {
  user?: UserDto | null;
  handlers?: Record<string, Handler>;
  pages?: PageDef[];
  matomo?: { url: string; siteId: string } | null;
}

/** Renders the real route table in a memory router; only `fetch` is replaced. */
export function renderApp(
  path: string,
  { user = null, handlers = {}, pages, matomo = null }: RenderAppOptions = {},
) {
  const fetchMock = installFetchMock({
    'GET /api/user': user ? userHandler(user) : guestHandler,
    'GET /api/config': () => ({ body: { matomo, currency: 'CHF' } }),
    ...handlers,
  });
  // the server sets the XSRF cookie together with the session; a user has both
  if (user) setTestCookie('XSRF-TOKEN', 'session-token');
  const queryClient = createQueryClient();
  const router = createAppRouter({
    queryClient,
    pages,
    initialPath: path,
    createRouter: (routes, options) => createMemoryRouter(routes, { ...options, initialEntries: [path] }),
  });
  const view = render(
    <AppProvider queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { ...view, router, queryClient, fetchMock, user: userEvent.setup() };
}

/** The router's current address as `path?query`. */
export const currentUrl = (router: { state: { location: { pathname: string; search: string } } }) =>
  `${router.state.location.pathname}${router.state.location.search}`;
