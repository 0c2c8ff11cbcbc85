import type { ChapterDto, SeminarDto, SubChapterDto } from '@elearn/shared';
import type { QueryClient, UseQueryResult } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Params, useParams, useSearchParams } from 'react-router';
import { NotFoundView } from '@/components/error-view';
import { QueryState } from '@/components/query-state';
import { ButtonLink } from '@/components/ui/button';
import { Notification } from '@/components/ui/notification';
import { bookedChaptersQueryOptions, useBookedChapters } from '@/features/chapters/api/get-booked-chapters';
import {
  seminarChaptersQueryOptions,
  useSeminarChapters,
} from '@/features/chapters/api/get-seminar-chapters';
import { sideMenuQueryOptions } from '@/features/chapters/api/get-side-menu';
import { recordVisit } from '@/features/chapters/api/record-visit';
import { ChapterPlayer } from '@/features/chapters/components/chapter-player';
import { findChapter, flattenChapters } from '@/features/chapters/components/chapter-tree';
import { CompleteAndContinue } from '@/features/chapters/components/complete-and-continue';
import {
  seminarProgressQueryOptions,
  useSeminarProgress,
} from '@/features/progress/api/get-seminar-progress';
import { SeminarCompletion } from '@/features/progress/components/seminar-completion';
import { TrackedVideo } from '@/features/progress/components/tracked-video';
import { seminarQueryOptions, useSeminar } from '@/features/seminars/api/get-seminar';
import { usePageTitle } from '@/hooks/use-page-title';
import { idParam } from '@/lib/current-ids';

export { checkIds as check } from './params';

/** The owner's list of who completed the chapter: its own chunk, not on a learner's first load (issue 34). */
const loadInteractions = () => import('@/features/chapters/components/chapter-interactions');
const ChapterInteractions = lazy(() => loadInteractions().then((m) => ({ default: m.ChapterInteractions })));
/**
 * The tests attached to the chapter, below its content: their own chunk (issue 37 grew them with
 * windows and review policies). Their data is loaded in the browser after the page shows, so the
 * server renders nothing there and the chunk comes with the data.
 */
const ChapterTests = lazy(() =>
  import('@/features/mc-tests/components/chapter-tests').then((m) => ({ default: m.ChapterTests })),
);

/**
 * The seminar, the side menu, the chapter tree and a learner's progress before the first render:
 * the layout's seminar link and tabs, the menu with its done marks, the progress above it and the
 * chapter appear together (issue 13: they shifted the page as each answered; issue 34: the
 * progress came after the hydration and moved the menu down on a phone).
 */
export async function prefetch(queryClient: QueryClient, params: Params): Promise<void> {
  const sid = idParam(params.sid);
  if (sid === null) return;
  const seminar = await queryClient.ensureQueryData(seminarQueryOptions(sid));
  const { edit, booked, play } = seminar.abilities;
  await Promise.all([
    edit ? loadInteractions() : null,
    // the layout shows a learner's progress above the menu (chapter-layout.tsx)
    !edit && booked ? queryClient.ensureQueryData(seminarProgressQueryOptions(sid)) : null,
    edit || booked || play ? queryClient.ensureQueryData(sideMenuQueryOptions(sid)) : null,
    edit
      ? queryClient.ensureQueryData(seminarChaptersQueryOptions(sid))
      : booked || play
        ? queryClient.ensureQueryData(bookedChaptersQueryOptions(sid))
        : null,
  ]);
}

/** a chapter the learner can open now: unlocked, its parent too, and opened by drip if it has a date */
const playableNow = (chapter: SubChapterDto, parent: ChapterDto | undefined) => {
  const opensAt = (chapter as { available_at?: string | null }).available_at;
  return (
    chapter.unlocked === 1 &&
    (parent?.unlocked ?? 1) === 1 &&
    !(opensAt && new Date(opensAt).getTime() > Date.now())
  );
};

/** the first chapter after `cid` in reading order that the learner can open */
function nextPlayable(tree: ChapterDto[], cid: number): SubChapterDto | null {
  const order = tree.flatMap((top) => [
    { chapter: top as SubChapterDto, parent: undefined },
    ...top.sub_chapters.map((sub) => ({ chapter: sub, parent: top })),
  ]);
  const index = order.findIndex((entry) => entry.chapter.id === cid);
  return order.slice(index + 1).find((entry) => playableNow(entry.chapter, entry.parent))?.chapter ?? null;
}

/** `?v=<video>&t=<seconds>`: opened through "Fortsetzen" (issue 36), that video starts there */
function useStartAt(): { videoId: number | null; at: number } {
  const [params] = useSearchParams();
  const videoId = idParam(params.get('v') ?? undefined);
  const at = Number(params.get('t'));
  return { videoId, at: Number.isFinite(at) && at > 0 ? at : 0 };
}

function Player({
  seminar,
  query,
  cid,
}: {
  seminar: SeminarDto;
  query: UseQueryResult<ChapterDto[]>;
  cid: number;
}) {
  // videos remember the position and the parts watched (the progress feature, issue 16)
  const progress = useSeminarProgress(seminar.id, true);
  const start = useStartAt();
  const learner = seminar.abilities.booked && !seminar.abilities.edit;
  const [finished, setFinished] = useState(false);
  // the chapter opened becomes the seminar's "Fortsetzen" target (issue 36)
  useEffect(() => {
    setFinished(false);
    if (learner) void recordVisit(seminar.id, cid);
  }, [learner, seminar.id, cid]);
  if (finished) return <SeminarCompletion seminarId={seminar.id} />;
  return (
    <QueryState query={query} notFoundOn404>
      {(tree) => {
        const found = findChapter(tree, cid);
        if (!found) return <NotFoundView />;
        const flat = flattenChapters(tree);
        const index = flat.findIndex((chapter) => chapter.id === cid);
        const open = found.chapter.unlocked === 1 || seminar.abilities.edit;
        return (
          <>
            <ChapterPlayer
              key={cid}
              seminarId={seminar.id}
              chapter={found.chapter}
              parentId={found.parent?.id ?? null}
              isOwner={seminar.abilities.edit}
              canMarkDone={seminar.abilities.booked && !seminar.abilities.edit}
              renderVideo={(video, title) => (
                <TrackedVideo
                  videoId={video.id}
                  title={title}
                  sources={[{ src: video.url, type: video.mime }]}
                  saved={progress.data?.videos.find((v) => v.video_id === video.id)}
                  startAt={start.videoId === video.id ? start.at : undefined}
                />
              )}
              previous={flat[index - 1] ?? null}
              next={flat[index + 1] ?? null}
            />
            {seminar.abilities.edit ? (
              <Suspense fallback={null}>
                <ChapterInteractions seminarId={seminar.id} chapterId={cid} />
              </Suspense>
            ) : null}
            {open ? (
              <Suspense fallback={null}>
                <ChapterTests chapterId={cid} isOwner={seminar.abilities.edit} />
              </Suspense>
            ) : null}
            {learner && open ? (
              <CompleteAndContinue
                seminarId={seminar.id}
                chapter={found.chapter}
                next={nextPlayable(tree, cid)}
                onLast={() => setFinished(true)}
              />
            ) : null}
          </>
        );
      }}
    </QueryState>
  );
}

function OwnerPlayer({ seminar, cid }: { seminar: SeminarDto; cid: number }) {
  return <Player seminar={seminar} cid={cid} query={useSeminarChapters(seminar.id)} />;
}

function BookedPlayer({ seminar, cid }: { seminar: SeminarDto; cid: number }) {
  return <Player seminar={seminar} cid={cid} query={useBookedChapters(seminar.id)} />;
}

/**
 * `/seminar/id/{sid}/chapter/{cid}/play`: owners read `GET /api/chapters/seminar/{id}` and see who
 * completed the chapter, booked users read `GET /api/chapters/seminar-booked/{id}`.
 */
export default function ChapterPlayPage() {
  const { t } = useTranslation();
  const params = useParams();
  const sid = idParam(params.sid)!;
  const cid = idParam(params.cid)!;
  const seminar = useSeminar(sid);
  usePageTitle(t('chapter.play'));
  return (
    <QueryState query={seminar} notFoundOn404>
      {(data) =>
        data.abilities.edit ? (
          <OwnerPlayer seminar={data} cid={cid} />
        ) : data.abilities.booked || data.abilities.play ? (
          <BookedPlayer seminar={data} cid={cid} />
        ) : data.isCompany ? (
          <Notification variant="info" role="status">
            <p className="mb-3" data-testid="chapter-not-assigned">
              {t('chapter.notAssigned')}
            </p>
            <ButtonLink to={`/seminar/id/${data.id}/assign-user-company`} variant="primary">
              {t('chapter.assign')}
            </ButtonLink>
          </Notification>
        ) : (
          <Notification variant="warning" role="alert">
            <p className="mb-3" data-testid="chapter-not-booked">
              {t('chapter.notBooked')}
            </p>
            <ButtonLink to={`/seminar/booking/${data.id}`} variant="primary">
              {t('seminar.book')}
            </ButtonLink>
          </Notification>
        )
      }
    </QueryState>
  );
}
