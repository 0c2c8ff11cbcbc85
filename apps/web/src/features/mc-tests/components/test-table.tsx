import type { McTestListItem, Paginated } from '@elearn/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AppLink } from '@/components/app-link';
import { Pagination } from '@/components/ui/pagination';
import { Table } from '@/components/ui/table';
import { useLocale } from '@/hooks/use-locale';
import { formatPercent } from '../format';
import { mcTestPaths } from '../tabs';
import { DeleteTestButton, EnabledToggle } from './test-actions';
import { ModeTag } from './test-facts';
import '../mc-tests.css';

/** Where a test sits: "seminar › chapter", or "not attached". */
export function ChapterCell({ test }: { test: McTestListItem }) {
  const { t } = useTranslation();
  if (!test.chapter) return <span className="has-text-grey">{t('mcTest.notAttached')}</span>;
  return (
    <span data-testid="mc-test-chapter">
      {test.chapter.seminar.title} › {test.chapter.label}
      {test.chapter.unlocked === 0 ? (
        <span className="tag is-light ml-1">{t('mcTest.chapterLocked')}</span>
      ) : null}
    </span>
  );
}

/** The owner's tests with their switches and links (`/mcTest/own`). */
export function TestTable({
  data,
  showOwner,
  empty,
}: {
  data: Paginated<McTestListItem>;
  showOwner: boolean;
  empty: ReactNode;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  if (data.data.length === 0) return <>{empty}</>;
  return (
    <>
      <Table
        labelledBy="own-tests-title"
        testId="mc-test-table"
        headers={[
          t('mcTest.form.label'),
          t('mcTest.chapterColumn'),
          t('mcTest.facts.mode'),
          t('mcTest.facts.threshold'),
          t('mcTest.facts.questions'),
          t('mcTest.runs'),
          ...(showOwner ? [t('mcTest.owner')] : []),
          t('mcTest.enabledColumn'),
          t('mcTest.actions'),
        ]}
      >
        {data.data.map((test) => (
          <tr key={test.id} data-testid="mc-test-row" data-test-id={test.id}>
            <td>
              <AppLink
                to={mcTestPaths.edit(test.id)}
                className="has-text-weight-semibold"
                data-testid="mc-test-edit-link"
              >
                {test.label}
              </AppLink>
            </td>
            <td>
              <ChapterCell test={test} />
            </td>
            <td>
              <ModeTag mode={test.mode} />
            </td>
            <td>{formatPercent(test.percent_to_accomplish, locale)}</td>
            <td>{test.questions_count}</td>
            <td>{test.runs_count}</td>
            {showOwner ? (
              <td>{`${test.owner.first_name} ${test.owner.last_name}`.trim() || test.owner.username}</td>
            ) : null}
            <td>
              <EnabledToggle test={test} size="small" />
            </td>
            <td>
              <div className="buttons are-small">
                <AppLink to={mcTestPaths.graduate(test.id)} className="button is-small is-light">
                  {t('mcTest.side.graduates')}
                </AppLink>
                <AppLink to={mcTestPaths.testReports(test.id)} className="button is-small is-light">
                  {t('mcTest.side.report')}
                </AppLink>
                <DeleteTestButton test={test} size="small" />
              </div>
            </td>
          </tr>
        ))}
      </Table>
      <Pagination current={data.current_page} last={data.last_page} />
    </>
  );
}
