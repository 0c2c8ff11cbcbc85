import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { NotFoundView } from '@/components/error-view';
import { QueryState } from '@/components/query-state';
import { useSeminarChapters } from '@/features/chapters/api/get-seminar-chapters';
import { ChapterForm } from '@/features/chapters/components/chapter-form';
import { chapterPaths } from '@/features/chapters/components/chapter-side-menu';
import { useLocalizePath } from '@/hooks/use-locale';
import { usePageTitle } from '@/hooks/use-page-title';
import { idParam } from '@/lib/current-ids';
import { notify } from '@/lib/notifications';

export { checkIds as check } from './params';

/** `/seminar/id/{sid}/chapter/{cid}/newSub` and `…/subChapter/new`: a new sub-chapter of `cid`. */
export default function NewSubChapterPage() {
  const { t } = useTranslation();
  const params = useParams();
  const sid = idParam(params.sid)!;
  const cid = idParam(params.cid)!;
  const query = useSeminarChapters(sid);
  const navigate = useNavigate();
  const localize = useLocalizePath();
  usePageTitle(t('chapter.form.newSubTitle'));
  return (
    <QueryState query={query} notFoundOn404>
      {(tree) => {
        const parent = tree.find((chapter) => chapter.id === cid);
        // only top-level chapters hold sub-chapters
        if (!parent) return <NotFoundView />;
        return (
          <>
            <h1 className="title is-3" id="chapter-form-title">
              {t('chapter.form.newSubTitle')}
            </h1>
            <p className="subtitle is-6">{t('chapter.form.subOf', { label: parent.label })}</p>
            <ChapterForm
              seminarId={sid}
              parentId={cid}
              onSaved={(chapter) => {
                notify('success', t('chapter.form.created', { label: chapter.label }));
                void navigate(localize(chapterPaths.editSub(sid, cid, chapter.id)));
              }}
            />
          </>
        );
      }}
    </QueryState>
  );
}
