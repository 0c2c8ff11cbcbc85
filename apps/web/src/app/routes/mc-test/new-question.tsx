import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { AppLink } from '@/components/app-link';
import { QueryState } from '@/components/query-state';
import { useMcTest } from '@/features/mc-tests/api/get-mc-test';
import { QuestionForm } from '@/features/mc-tests/components/question-form';
import { mcTestPaths } from '@/features/mc-tests/tabs';
import { usePageTitle } from '@/hooks/use-page-title';
import { idParam } from '@/lib/current-ids';

export { checkTestId as check } from './params';

/** `/mcTest/{id}/new`: a new question written straight into that test (and the caller's pool). */
export default function NewTestQuestionPage() {
  const { t } = useTranslation();
  const params = useParams();
  const id = idParam(params.id)!;
  const query = useMcTest(id);
  usePageTitle(t('mcTest.newQuestion.title'));
  return (
    <QueryState query={query} notFoundOn404>
      {(test) => (
        <>
          <p className="mb-2">
            <AppLink to={mcTestPaths.edit(test.id)} data-testid="new-question-back">
              {t('mcTest.newQuestion.back', { label: test.label })}
            </AppLink>
          </p>
          <h1 className="title is-3">{t('mcTest.newQuestion.title')}</h1>
          <p className="subtitle is-6">
            {t('mcTest.newQuestion.intro', { label: test.label, count: test.questions.length })}
          </p>
          <div className="box">
            <QuestionForm mcTestId={test.id} />
          </div>
        </>
      )}
    </QueryState>
  );
}
