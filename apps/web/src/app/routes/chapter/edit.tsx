import type { QueryClient } from '@tanstack/react-query';
import { type Params, useParams } from 'react-router';
import { NotFoundView } from '@/components/error-view';
import { QueryState } from '@/components/query-state';
import {
  seminarChaptersQueryOptions,
  useSeminarChapters,
} from '@/features/chapters/api/get-seminar-chapters';
import { findChapter } from '@/features/chapters/components/chapter-tree';
import { idParam } from '@/lib/current-ids';
import { prefetchPageQuery } from '@/lib/page-prefetch';
import { ChapterEditView } from './edit-view';

export { checkIds as check } from './params';

/** The seminar's chapters before the page renders (the chapter's label is in the page's title). */
export const prefetch = (queryClient: QueryClient, params: Params) =>
  prefetchPageQuery(queryClient, seminarChaptersQueryOptions(idParam(params.sid) ?? 0));

/** `/seminar/id/{sid}/chapter/{cid}`: edit a chapter and its media. */
export default function EditChapterPage() {
  const params = useParams();
  const sid = idParam(params.sid)!;
  const cid = idParam(params.cid)!;
  const query = useSeminarChapters(sid);
  return (
    <QueryState query={query} notFoundOn404>
      {(tree) => {
        const found = findChapter(tree, cid);
        if (!found) return <NotFoundView />;
        return <ChapterEditView seminarId={sid} chapter={found.chapter} parent={found.parent} />;
      }}
    </QueryState>
  );
}
