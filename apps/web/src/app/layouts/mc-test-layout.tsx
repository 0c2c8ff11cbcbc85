import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { Tabs } from '@/components/ui/tabs';
import { type McTestTabId, mcTestTabs } from '@/features/mc-tests/tabs';
import { useCurrentUser } from '@/lib/auth';
import { PageFrame } from './page-frame';

const LABEL_KEYS: Record<McTestTabId, string> = {
  index: 'mcTest.tabs.index',
  own: 'mcTest.tabs.own',
  reports: 'mcTest.tabs.reports',
  pool: 'mcTest.tabs.pool',
  assigned: 'mcTest.tabs.assigned',
  history: 'mcTest.tabs.history',
};

/** Pages without a tab of their own that belong to a tab (its strip then shows it as active). */
const ALSO_ACTIVE: Partial<Record<McTestTabId, string[]>> = {
  reports: ['/mcTest/TestReports'],
  // the tests that can be started now and the test player: a part of the assigned tests
  assigned: ['/mcTest/open'],
};

/** The test pages (spec section 2): role-dependent tabs above the page. */
export function McTestLayout() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const tabs = mcTestTabs(user);
  return (
    <PageFrame name="mc-test">
      {tabs.length > 0 ? (
        <div className="mb-5" data-testid="mc-test-tabs">
          <Tabs
            label={t('mcTest.tabs.label')}
            items={tabs.map((tab) => ({
              to: tab.to,
              label: t(LABEL_KEYS[tab.id]),
              also: ALSO_ACTIVE[tab.id],
            }))}
          />
        </div>
      ) : null}
      <Outlet />
    </PageFrame>
  );
}
