import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useParams } from 'react-router';
import { AppNavLink } from '@/components/app-link';
import { useMcTest } from '@/features/mc-tests/api/get-mc-test';
import { useMcTests } from '@/features/mc-tests/api/get-mc-tests';
import { mcTestPaths } from '@/features/mc-tests/tabs';
import { idParam } from '@/lib/current-ids';
import { stripLocale } from '@/lib/locale';
import { PageFrame } from './page-frame';
import '@/features/mc-tests/mc-tests.css';

const linkClass = ({ isActive }: { isActive: boolean }) => (isActive ? 'is-active' : undefined);
const MENU_TESTS = 25;

/**
 * The pages of one test (spec section 2, "test layouts with … side menu"): editor, new
 * question, graduates. The side menu has the entries of the current test and the caller's
 * tests to switch to (the same page of another test).
 */
export function McTestSideLayout() {
  const { t } = useTranslation();
  const params = useParams();
  const { pathname } = useLocation();
  const testId = idParam(params.id);
  const current = useMcTest(testId);
  const list = useMcTests({ page: 1, perPage: MENU_TESTS });
  const onGraduate = stripLocale(pathname).startsWith('/mcTest/graduate');
  const onItems = stripLocale(pathname).endsWith('/itemAnalysis');
  const target = (id: number) =>
    onGraduate ? mcTestPaths.graduate(id) : onItems ? mcTestPaths.itemAnalysis(id) : mcTestPaths.edit(id);

  return (
    <PageFrame name="mc-test-side">
      <div className="columns">
        <aside className="column is-3-desktop is-4-tablet">
          <nav
            className="menu mc-test-side-menu box"
            aria-label={t('mcTest.side.label')}
            data-testid="mc-test-side-menu"
          >
            {testId !== null ? (
              <>
                <p className="menu-label" data-testid="mc-test-side-current">
                  {current.data?.label ?? t('mcTest.side.test')}
                </p>
                <ul className="menu-list">
                  <li>
                    <AppNavLink
                      to={mcTestPaths.edit(testId)}
                      className={linkClass}
                      end
                      data-testid="side-edit-test"
                    >
                      {t('mcTest.side.edit')}
                    </AppNavLink>
                  </li>
                  <li>
                    <AppNavLink
                      to={mcTestPaths.newQuestion(testId)}
                      className={linkClass}
                      end
                      data-testid="side-new-question"
                    >
                      {t('mcTest.side.newQuestion')}
                    </AppNavLink>
                  </li>
                  <li>
                    <AppNavLink
                      to={mcTestPaths.graduate(testId)}
                      className={linkClass}
                      end
                      data-testid="side-graduates"
                    >
                      {t('mcTest.side.graduates')}
                    </AppNavLink>
                  </li>
                  <li>
                    <AppNavLink
                      to={mcTestPaths.testReports(testId)}
                      className={linkClass}
                      data-testid="side-report"
                    >
                      {t('mcTest.side.report')}
                    </AppNavLink>
                  </li>
                  <li>
                    <AppNavLink
                      to={mcTestPaths.itemAnalysis(testId)}
                      className={linkClass}
                      end
                      data-testid="side-item-analysis"
                    >
                      {t('itemAnalysis.menu')}
                    </AppNavLink>
                  </li>
                  <li>
                    <AppNavLink
                      to={mcTestPaths.play(testId)}
                      className={linkClass}
                      data-testid="side-preview"
                    >
                      {t('mcTest.side.preview')}
                    </AppNavLink>
                  </li>
                </ul>
              </>
            ) : null}
            <p className="menu-label">{t('mcTest.side.tests')}</p>
            <ul className="menu-list" data-testid="mc-test-side-tests">
              {onGraduate ? (
                <li>
                  <AppNavLink to={mcTestPaths.graduate()} className={linkClass} end>
                    {t('mcTest.side.allRuns')}
                  </AppNavLink>
                </li>
              ) : null}
              {list.data?.data.map((test) => (
                <li key={test.id}>
                  <AppNavLink to={target(test.id)} className={linkClass} end>
                    {test.label}
                  </AppNavLink>
                </li>
              ))}
              {list.data && list.data.total > MENU_TESTS ? (
                <li>
                  <AppNavLink to={mcTestPaths.own} className={linkClass} end>
                    {t('mcTest.side.more', { count: list.data.total - MENU_TESTS })}
                  </AppNavLink>
                </li>
              ) : null}
            </ul>
            <p className="menu-label">{t('mcTest.side.links')}</p>
            <ul className="menu-list">
              <li>
                <AppNavLink to={mcTestPaths.own} className={linkClass} end data-testid="side-own">
                  {t('mcTest.tabs.own')}
                </AppNavLink>
              </li>
              <li>
                <AppNavLink to={mcTestPaths.pool} className={linkClass} end>
                  {t('mcTest.tabs.pool')}
                </AppNavLink>
              </li>
              <li>
                <AppNavLink to={mcTestPaths.reports} className={linkClass} end>
                  {t('mcTest.tabs.reports')}
                </AppNavLink>
              </li>
            </ul>
          </nav>
        </aside>
        {/* min-width 0: a wide table scrolls inside its container instead of widening the page */}
        <div className="column is-min-width-0">
          <Outlet />
        </div>
      </div>
    </PageFrame>
  );
}
