import type { Params } from 'react-router';
import { useParams } from 'react-router';
import { QueryState } from '@/components/query-state';
import { useAdminUser } from '@/features/admin/api/get-admin-user';
import { UserDetail } from '@/features/admin/components/user-detail';
import { personName } from '@/features/admin/format';
import { AdminPrivacy } from '@/features/privacy/components/admin-privacy';
import { useCurrentUser } from '@/lib/auth';
import { idParam } from '@/lib/current-ids';

/** An id that is not a positive whole number is "page not found". */
export const check = (params: Params) => idParam(params.id) !== null;

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
