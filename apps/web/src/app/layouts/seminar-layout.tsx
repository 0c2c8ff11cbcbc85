import { useTranslation } from 'react-i18next';
import { Outlet, useParams } from 'react-router';
import { Tabs } from '@/components/ui/tabs';
import { companySeminarTabs } from '@/features/companies/tabs';
import { type SeminarTabId, seminarTabs, useCurrentUser } from '@/lib/auth';
import { PageFrame } from './page-frame';

const LABEL_KEYS: Record<SeminarTabId, string> = {
  own: 'seminar.tabs.own',
  new: 'seminar.tabs.new',
  bookable: 'seminar.tabs.bookable',
  all: 'seminar.tabs.all',
  booked: 'seminar.tabs.booked',
  tempList: 'seminar.tabs.tempList',
};

/** Seminar lists (spec section 2): role-dependent tabs above the page (company tabs on `/company/{name}/…`). */
export function SeminarLayout() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const { name: company } = useParams();
  const tabs = user ? (company ? companySeminarTabs(user, company) : seminarTabs(user)) : [];
  return (
    <PageFrame name="seminar">
      {tabs.length > 0 ? (
        <div className="mb-5" data-testid="seminar-tabs">
          <Tabs
            label={t('seminar.tabs.label')}
            items={tabs.map((tab) => ({ to: tab.to, label: t(LABEL_KEYS[tab.id]) }))}
          />
        </div>
      ) : null}
      <Outlet />
    </PageFrame>
  );
}
