import { useTranslation } from 'react-i18next';
import { QueryState } from '@/components/query-state';
import { EmptyState } from '@/components/ui/empty-state';
import { Table } from '@/components/ui/table';
import { useLocale } from '@/hooks/use-locale';
import { formatDate } from '@/lib/format';
import { useChapterInteractions } from '../api/get-chapter-interactions';

/** Owners: who marked the chapter done (`GET /api/chapters/{id}/user-interaction`). */
export function ChapterInteractions({ seminarId, chapterId }: { seminarId: number; chapterId: number }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const query = useChapterInteractions(seminarId, chapterId);
  return (
    <section className="mt-6" aria-labelledby="chapter-interactions-title" data-testid="chapter-interactions">
      <h2 className="title is-5" id="chapter-interactions-title">
        {t('chapter.interactions.title')}
        {query.data ? <span className="tag is-light ml-2">{query.data.length}</span> : null}
      </h2>
      <QueryState query={query} loading={<p className="has-text-grey">{t('common.loading')}</p>}>
        {(users) =>
          users.length === 0 ? (
            <EmptyState title={t('chapter.interactions.empty')} testId="chapter-interactions-empty" />
          ) : (
            <Table
              labelledBy="chapter-interactions-title"
              headers={[
                t('chapter.interactions.name'),
                t('chapter.interactions.email'),
                t('chapter.interactions.doneAt'),
              ]}
            >
              {users.map((user) => (
                <tr key={user.user_id} data-testid="chapter-interaction-row" data-user-id={user.user_id}>
                  <td>{`${user.first_name} ${user.last_name}`.trim()}</td>
                  <td>
                    <a href={`mailto:${user.email}`}>{user.email}</a>
                  </td>
                  <td>
                    <time dateTime={user.done_at}>{formatDate(user.done_at, locale)}</time>
                  </td>
                </tr>
              ))}
            </Table>
          )
        }
      </QueryState>
    </section>
  );
}
