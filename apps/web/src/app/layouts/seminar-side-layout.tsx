import { useTranslation } from 'react-i18next';
import { Outlet, useParams } from 'react-router';
import { AppNavLink } from '@/components/app-link';
import { useSeminar } from '@/features/seminars/api/get-seminar';
import { isOwnerRole, useCurrentUser } from '@/lib/auth';
import { idParam, useSyncCurrentIds } from '@/lib/current-ids';
import { PageFrame } from './page-frame';

const linkClass = ({ isActive }: { isActive: boolean }) => (isActive ? 'is-active' : undefined);

/**
 * A seminar's own pages (detail, edit). Trainers and admins get the side switch of spec
 * section 2: new seminar, edit, new chapter, and for company seminars "assign users".
 */
export function SeminarSideLayout() {
  const { t } = useTranslation();
  const params = useParams();
  useSyncCurrentIds(params);
  const user = useCurrentUser();
  const seminarId = idParam(params.sid);
  const owner = isOwnerRole(user);
  const { data: seminar } = useSeminar(owner ? seminarId : null);
  const canEdit = !!seminar?.abilities.edit;

  if (!owner || seminarId === null) {
    return (
      <PageFrame name="seminar-side">
        <Outlet />
      </PageFrame>
    );
  }
  return (
    <PageFrame name="seminar-side">
      <div className="columns">
        <aside className="column is-3-desktop is-4-tablet">
          <nav
            className="menu seminar-side-menu box"
            aria-label={t('seminar.side.label')}
            data-testid="seminar-side-menu"
          >
            <p className="menu-label">{t('seminar.side.title')}</p>
            <ul className="menu-list">
              <li>
                <AppNavLink to="/seminar/new" className={linkClass} end data-testid="side-new-seminar">
                  {t('seminar.side.newSeminar')}
                </AppNavLink>
              </li>
              {canEdit ? (
                <>
                  <li>
                    <AppNavLink
                      to={`/seminar/id/${seminarId}`}
                      className={linkClass}
                      end
                      data-testid="side-seminar"
                    >
                      {t('seminar.side.overview')}
                    </AppNavLink>
                  </li>
                  <li>
                    <AppNavLink
                      to={`/seminar/id/${seminarId}/edit`}
                      className={linkClass}
                      end
                      data-testid="side-edit"
                    >
                      {t('seminar.side.edit')}
                    </AppNavLink>
                  </li>
                  <li>
                    <AppNavLink
                      to={`/seminar/id/${seminarId}/chapter/new`}
                      className={linkClass}
                      end
                      data-testid="side-new-chapter"
                    >
                      {t('seminar.side.newChapter')}
                    </AppNavLink>
                  </li>
                  <li>
                    <AppNavLink
                      to={`/seminar/id/${seminarId}/chapter/position`}
                      className={linkClass}
                      end
                      data-testid="side-position"
                    >
                      {t('seminar.side.position')}
                    </AppNavLink>
                  </li>
                  {seminar?.isCompany ? (
                    <li>
                      <AppNavLink
                        to={`/seminar/id/${seminarId}/assign-user-company`}
                        className={linkClass}
                        end
                        data-testid="side-assign-users"
                      >
                        {t('seminar.side.assignUsers')}
                      </AppNavLink>
                    </li>
                  ) : null}
                </>
              ) : null}
            </ul>
          </nav>
        </aside>
        <div className="column">
          <Outlet />
        </div>
      </div>
    </PageFrame>
  );
}
