import { useTranslation } from 'react-i18next';
import { useAssignedTests } from '../api/get-assigned';
import { AssignedList } from './assigned-list';

/** `/todos`: the assigned tests not yet accomplished (nothing when there are none). */
export function TodoTests() {
  const { t } = useTranslation();
  const query = useAssignedTests();
  const open = query.data?.filter((test) => !test.accomp) ?? [];
  if (open.length === 0) return null;
  return (
    <section className="mt-5" aria-labelledby="todo-tests-title" data-testid="todo-tests">
      <h2 className="title is-4" id="todo-tests-title">
        {t('mcTest.todos.title')}
      </h2>
      <p className="subtitle is-6">{t('mcTest.todos.intro')}</p>
      <AssignedList tests={open} empty={null} testId="todo-tests-list" />
    </section>
  );
}
