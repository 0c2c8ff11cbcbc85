import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { QueryState } from '@/components/query-state';
import { useSideMenu } from '@/features/chapters/api/get-side-menu';
import { ChapterPositionEditor } from '@/features/chapters/components/chapter-position-editor';
import { usePageTitle } from '@/hooks/use-page-title';
import { idParam } from '@/lib/current-ids';

export { checkIds as check } from './params';

/** `/seminar/id/{sid}/chapter/position`: reorder chapters and sub-chapters. */
export default function ChapterPositionPage() {
  const { t } = useTranslation();
  const sid = idParam(useParams().sid)!;
  const query = useSideMenu(sid);
  usePageTitle(t('chapter.position.title'));
  return (
    <>
      <h1 className="title is-3">{t('chapter.position.title')}</h1>
      <QueryState query={query} notFoundOn404>
        {(entries) => <ChapterPositionEditor key={query.dataUpdatedAt} seminarId={sid} entries={entries} />}
      </QueryState>
    </>
  );
}
