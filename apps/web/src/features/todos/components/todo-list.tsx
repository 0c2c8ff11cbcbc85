import { useTranslation } from 'react-i18next';
import { AppLink } from '@/components/app-link';
import { ButtonLink } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { useLocale } from '@/hooks/use-locale';
import { formatPercent } from '@/lib/format';
import type { Todo } from '../api/get-todos';

const playPath = (seminarId: number, chapterId: number) =>
  `/seminar/id/${seminarId}/chapter/${chapterId}/play`;

/** The user's open work: per booked seminar the progress and the chapters not yet done. */
export function TodoList({ todos }: { todos: Todo[] }) {
  const { t } = useTranslation();
  const locale = useLocale();
  if (todos.length === 0) {
    return (
      <EmptyState title={t('todos.empty')} testId="todos-empty">
        <p>{t('todos.emptyText')}</p>
        <ButtonLink to="/seminar/booked" variant="primary">
          {t('todos.toBooked')}
        </ButtonLink>
      </EmptyState>
    );
  }
  return (
    <ul className="todo-list" data-testid="todo-list">
      {todos.map((todo) => {
        const percent = todo.total > 0 ? Math.round((todo.done / todo.total) * 100) : 0;
        const first = todo.open_chapters[0];
        return (
          <li key={todo.seminar.id} className="box" data-testid="todo-item" data-seminar-id={todo.seminar.id}>
            <div className="is-flex is-justify-content-space-between is-align-items-center is-flex-wrap-wrap mb-2">
              <h2 className="title is-5 mb-0">
                <AppLink to={`/seminar/id/${todo.seminar.id}`}>{todo.seminar.title}</AppLink>
              </h2>
              {first ? (
                <ButtonLink
                  to={playPath(todo.seminar.id, first.id)}
                  variant="primary"
                  size="small"
                  data-testid="todo-continue"
                >
                  {t('todos.continue')}
                </ButtonLink>
              ) : null}
            </div>
            <p className="is-size-7 mb-1">{t('todos.progress', { done: todo.done, total: todo.total })}</p>
            <progress
              className="progress is-primary is-small"
              value={percent}
              max={100}
              aria-label={t('todos.progressLabel', { title: todo.seminar.title })}
            >
              {formatPercent(percent, locale)}
            </progress>
            <p className="has-text-weight-semibold mb-1">{t('todos.open')}</p>
            <ul className="todo-chapters">
              {todo.open_chapters.map((chapter) => (
                <li key={chapter.id}>
                  <AppLink to={playPath(todo.seminar.id, chapter.id)} data-testid="todo-chapter">
                    {chapter.label}
                  </AppLink>
                </li>
              ))}
            </ul>
          </li>
        );
      })}
    </ul>
  );
}
