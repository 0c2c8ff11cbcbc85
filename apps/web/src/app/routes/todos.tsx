import { useTranslation } from 'react-i18next';
import { QueryState } from '@/components/query-state';
import { TodoTests } from '@/features/mc-tests/components/todo-tests';
import { useTodos } from '@/features/todos/api/get-todos';
import { TodoList } from '@/features/todos/components/todo-list';
import { usePageTitle } from '@/hooks/use-page-title';

/** `/todos`: booked seminars with chapters not yet done. */
export default function TodosPage() {
  const { t } = useTranslation();
  usePageTitle(t('todos.title'));
  const query = useTodos();
  return (
    <>
      <h1 className="title is-3">{t('todos.title')}</h1>
      <p className="subtitle is-6">{t('todos.intro')}</p>
      <QueryState query={query}>{(todos) => <TodoList todos={todos} />}</QueryState>
      <TodoTests />
    </>
  );
}
