import type { QueryClient } from '@tanstack/react-query';
import type { Params } from 'react-router';
import { useParams } from 'react-router';
import { QueryState } from '@/components/query-state';
import { adminUserQueryOptions, useAdminUser } from '@/features/admin/api/get-admin-user';
import { UserDetail } from '@/features/admin/components/user-detail';
import { personName } from '@/features/admin/format';
import { AdminPrivacy } from '@/features/privacy/components/admin-privacy';
import { useCurrentUser } from '@/lib/auth';
import { idParam } from '@/lib/current-ids';
import { prefetchPageQuery } from '@/lib/page-prefetch';

/** An id that is not a positive whole number is "page not found". */
export const check = (params: Params) => idParam(params.id) !== null;

/** The account before the page renders (its name is the page's title). */
export const prefetch = (queryClient: QueryClient, params: Params) =>
  prefetchPageQuery(queryClient, adminUserQueryOptions(idParam(params.id) ?? 0));

/** `/admin/users/{id}`: one account with roles, account actions, companies, bookings and results. */
export default function AdminUserPage() {
  const id = idParam(useParams().id) ?? 0;
  const me = useCurrentUser();
  const query = useAdminUser(id);
  return (
    <QueryState query={query} notFoundOn404>
      {(user) => (
        <UserDetail
          user={user}
          currentUserId={me?.id ?? null}
          privacy={
            <AdminPrivacy
              user={{ id: user.id, email: user.email, name: personName(user) }}
              currentUserId={me?.id ?? null}
            />
          }
        />
      )}
    </QueryState>
  );
}
