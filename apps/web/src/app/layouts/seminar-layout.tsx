import { useTranslation } from 'react-i18next';
import { Outlet, useParams } from 'react-router';
import { type TabItem, Tabs } from '@/components/ui/tabs';
import { companySeminarTabs } from '@/features/companies/tabs';
import { useCurrentPageId } from '@/hooks/use-current-page-id';
import { type SeminarTab, type SeminarTabId, seminarTabs, useCurrentUser } from '@/lib/auth';
import { PageFrame } from './page-frame';

const LABEL_KEYS: Record<SeminarTabId, string> = {
  own: 'seminar.tabs.own',
  new: 'seminar.tabs.new',
  bookable: 'seminar.tabs.bookable',
  all: 'seminar.tabs.all',
  booked: 'seminar.tabs.booked',
  tempList: 'seminar.tabs.tempList',
};

const TEMP_LIST: SeminarTab = { id: 'tempList', to: '/seminar/tempList' };

/** Pages reached from a seminar list (the rising seminars, a company's seminar) belong to its tab. */
const LIST_PAGES = ['seminar-rise', 'company-seminar'];

/** The company's overview is the hub above its tabs: it links to each of them and is none. */
const WITHOUT_TABS = ['company'];

/** The tab of the list of seminars: all (or bookable for owners), else the booked ones. */
function listTabOf(tabs: SeminarTab[]): SeminarTabId | undefined {
  return (
    tabs.find((tab) => tab.id === 'all' || tab.id === 'bookable') ?? tabs.find((tab) => tab.id === 'booked')
  )?.id;
}

/**
 * The role's tabs, plus the booked links (tempList) while an admin is on that page: the spec
 * gives admins no such tab, but they may open the page (the corporate-training guard admits
 * them), and a strip without an active tab would not say where they are.
 */
function withCurrentTab(tabs: SeminarTab[], page: string | undefined): SeminarTab[] {
  return page === 'seminar-temp-list' && tabs.length > 0 && !tabs.some((tab) => tab.id === 'tempList')
    ? [...tabs, TEMP_LIST]
    : tabs;
}

/** Seminar lists (spec section 2): role-dependent tabs above the page (company tabs on `/company/{name}/…`). */
export function SeminarLayout() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const { name: company } = useParams();
  const page = useCurrentPageId();
  const tabs =
    page && WITHOUT_TABS.includes(page)
      ? []
      : withCurrentTab(user ? (company ? companySeminarTabs(user, company) : seminarTabs(user)) : [], page);
  const listTab = listTabOf(tabs);
  const items: TabItem[] = tabs.map((tab) => ({
    to: tab.to,
    label: t(LABEL_KEYS[tab.id]),
    pages: tab.id === listTab ? LIST_PAGES : undefined,
  }));
  return (
    <PageFrame name="seminar">
      {tabs.length > 0 ? (
        <div className="mb-5" data-testid="seminar-tabs">
          <Tabs label={t('seminar.tabs.label')} items={items} />
        </div>
      ) : null}
      <Outlet />
    </PageFrame>
  );
}
