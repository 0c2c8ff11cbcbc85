/**
 * `GET /api/user`. The query itself lives in `@/lib/auth` because the route guards and the
 * layouts (shared layers) need it too; feature code imports it from here.
 */
export { authKeys, getUser, useCurrentUser, userQueryOptions, useUser } from '@/lib/auth';
