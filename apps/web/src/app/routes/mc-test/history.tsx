import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { QueryState } from '@/components/query-state';
import { useStudentHistory } from '@/features/mc-tests/api/get-student-history';
import { StudentHistory } from '@/features/mc-tests/components/student-history';
import { usePageTitle } from '@/hooks/use-page-title';

/** `/mcTest/history`: the caller's own test runs (`GET /api/graduate/history/student/`). */
export default function TestHistoryPage() {
  const { t } = useTranslation();
  usePageTitle(t('mcTest.history.title'));
  const [params] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const query = useStudentHistory(page);
  return (
    <>
      <h1 className="title is-3" id="history-title">
        {t('mcTest.history.title')}
      </h1>
      <p className="subtitle is-6">{t('mcTest.history.intro')}</p>
      <QueryState query={query}>{(data) => <StudentHistory data={data} />}</QueryState>
    </>
  );
}
