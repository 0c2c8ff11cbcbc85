import type { SeminarDto } from '@elearn/shared';
import { useTranslation } from 'react-i18next';
import { type Params, useLocation, useParams } from 'react-router';
import { QueryState } from '@/components/query-state';
import { ButtonLink } from '@/components/ui/button';
import { Notification } from '@/components/ui/notification';
import { loginHref } from '@/config/paths';
import { useSeminarBySlug } from '@/features/seminars/api/get-seminar-by-slug';
import { SeminarDetails } from '@/features/seminars/components/seminar-details';
import { useLocalizePath } from '@/hooks/use-locale';
import { usePageTitle } from '@/hooks/use-page-title';
import { useUser } from '@/lib/auth';

/**
 * Static seminar paths that must never be read as a slug (their own pages win in the router;
 * `tempList`, `access-link` and `booking` without id have no page yet or need an id).
 */
export const RESERVED_SLUGS = new Set([
  'own',
  'booked',
  'new',
  'rise',
  'tempList',
  'access-link',
  'booking',
  'id',
]);

export const check = (params: Params) => !!params.slug && !RESERVED_SLUGS.has(params.slug);

function BookingAction({ seminar }: { seminar: SeminarDto }) {
  const { t } = useTranslation();
  const { data: user, isPending } = useUser();
  const { pathname } = useLocation();
  const localize = useLocalizePath();
  if (isPending) return null;
  if (!user) {
    // guests log in first and come back to this page
    return (
      <ButtonLink
        to={loginHref(localize('/login'), pathname)}
        raw
        variant="primary"
        data-testid="seminar-book"
      >
        {t('seminar.publicPage.loginToBook')}
      </ButtonLink>
    );
  }
  if (seminar.abilities.booked || seminar.abilities.edit) {
    return (
      <ButtonLink to={`/seminar/id/${seminar.id}`} variant="primary" data-testid="seminar-open">
        {t('seminar.publicPage.open')}
      </ButtonLink>
    );
  }
  return (
    <ButtonLink to={`/seminar/booking/${seminar.id}`} variant="primary" data-testid="seminar-book">
      {t('seminar.book')}
    </ButtonLink>
  );
}

function PublicSeminar({ seminar }: { seminar: SeminarDto }) {
  const { t } = useTranslation();
  const { data: user } = useUser();
  usePageTitle(seminar.title);
  return (
    <>
      {user === null ? (
        <Notification variant="info" role="note">
          {t('seminar.publicPage.guestHint')}
        </Notification>
      ) : null}
      <SeminarDetails seminar={seminar} actions={<BookingAction seminar={seminar} />} />
    </>
  );
}

/** `/seminar/{slug}`: the public page of a seminar (also for guests). */
export default function PublicSeminarPage() {
  const { slug = '' } = useParams();
  const query = useSeminarBySlug(slug);
  return (
    <QueryState query={query} notFoundOn404>
      {(seminar) => <PublicSeminar seminar={seminar} />}
    </QueryState>
  );
}
