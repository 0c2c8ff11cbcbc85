import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { AppLink } from '@/components/app-link';
import { NotFoundView } from '@/components/error-view';
import { QueryState } from '@/components/query-state';
import { useSeminarChapters } from '@/features/chapters/api/get-seminar-chapters';
import { chapterPaths } from '@/features/chapters/components/chapter-side-menu';
import { SubChapterList } from '@/features/chapters/components/sub-chapter-list';
import { usePageTitle } from '@/hooks/use-page-title';
import { idParam } from '@/lib/current-ids';

export { checkIds as check } from './params';

/** `/seminar/id/{sid}/chapter/{cid}/subChapter`: the sub-chapters of a chapter. */
export default function SubChapterListPage() {
  const { t } = useTranslation();
  const params = useParams();
  const sid = idParam(params.sid)!;
  const cid = idParam(params.cid)!;
  const query = useSeminarChapters(sid);
  usePageTitle(t('chapter.sub.title'));
  return (
    <QueryState query={query} notFoundOn404>
      {(tree) => {
        const chapter = tree.find((item) => item.id === cid);
        if (!chapter) return <NotFoundView />;
        return (
          <>
            <h1 className="title is-3">{t('chapter.sub.title')}</h1>
            <p className="subtitle is-6">
              {t('chapter.sub.of')} <AppLink to={chapterPaths.edit(sid, cid)}>{chapter.label}</AppLink>
            </p>
            <SubChapterList seminarId={sid} chapter={chapter} />
          </>
        );
      }}
    </QueryState>
  );
}
