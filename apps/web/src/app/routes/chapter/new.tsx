import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { ChapterForm } from '@/features/chapters/components/chapter-form';
import { chapterPaths } from '@/features/chapters/components/chapter-side-menu';
import { useLocalizePath } from '@/hooks/use-locale';
import { usePageTitle } from '@/hooks/use-page-title';
import { idParam } from '@/lib/current-ids';
import { notify } from '@/lib/notifications';

export { checkIds as check } from './params';

/** `/seminar/id/{sid}/chapter/new`: a new top-level chapter; then on to its edit page for media. */
export default function NewChapterPage() {
  const { t } = useTranslation();
  const sid = idParam(useParams().sid)!;
  const navigate = useNavigate();
  const localize = useLocalizePath();
  usePageTitle(t('chapter.form.newTitle'));
  return (
    <>
      <h1 className="title is-3" id="chapter-form-title">
        {t('chapter.form.newTitle')}
      </h1>
      <ChapterForm
        seminarId={sid}
        onSaved={(chapter) => {
          notify('success', t('chapter.form.created', { label: chapter.label }));
          void navigate(localize(chapterPaths.edit(sid, chapter.id)));
        }}
      />
    </>
  );
}
