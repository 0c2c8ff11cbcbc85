import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useParams } from 'react-router';
import { AppLink } from '@/components/app-link';
import { Tabs } from '@/components/ui/tabs';
import { useSideMenu } from '@/features/chapters/api/get-side-menu';
import { ChapterSideMenu, chapterPaths } from '@/features/chapters/components/chapter-side-menu';
import { useSeminarProgress } from '@/features/progress/api/get-seminar-progress';
import { ProgressSummary } from '@/features/progress/components/progress-summary';
import { useSeminar } from '@/features/seminars/api/get-seminar';
import { idParam, useCurrentIds, useSyncCurrentIds } from '@/lib/current-ids';
import { PageFrame } from './page-frame';

/** The owner's pages that belong to the "new" tab: a new chapter or sub-chapter. */
const NEW_PAGES = ['chapter-new', 'chapter-new-sub', 'sub-chapter-new'];
/** …and to the "edit" tab: a chapter, its sub-chapters, the order of the chapters. */
const EDIT_PAGES = ['chapter-edit', 'chapter-position', 'sub-chapter-list', 'sub-chapter-edit'];

/**
 * The chapter pages (spec section 2): tabs (owners: new, edit and play; students: play) and the side
 * menu of chapters and sub-chapters.
 */
export function ChapterLayout() {
  const { t } = useTranslation();
  const params = useParams();
  useSyncCurrentIds(params);
  const { pathname } = useLocation();
  const seminarId = idParam(params.sid);
  const current = useCurrentIds();
  const { data: seminar } = useSeminar(seminarId);
  const isOwner = !!seminar?.abilities.edit;
  const mayOpen = !!seminar && (isOwner || seminar.abilities.play || seminar.abilities.booked);
  const menu = useSideMenu(seminarId, mayOpen);
  // a learner's progress above the menu, done chapters checked in it (issue 16)
  const learner = !!seminar && !isOwner && seminar.abilities.booked;
  const progress = useSeminarProgress(seminarId, learner);
  const doneIds = progress.data
    ? new Set(progress.data.chapters.filter((c) => c.done).map((c) => c.chapter_id))
    : undefined;
  const entries = menu.data ?? [];
  const currentId =
    idParam(params.scid) ??
    idParam(params.cid) ??
    (current.seminarId === seminarId ? current.chapterId : null);
  const known = (id: number | null) =>
    id !== null &&
    entries.some((entry) => entry.id === id || entry.sub_chapters.some((sub) => sub.id === id));
  // before the menu is there, the chapter in the address: the tabs don't change once it arrives
  const routeId = idParam(params.scid) ?? idParam(params.cid);
  const playId = menu.data ? (known(currentId) ? currentId : (entries[0]?.id ?? null)) : routeId;

  // no strip until the seminar says who is looking (an owner gets more tabs)
  const tabs =
    seminarId === null || !seminar
      ? []
      : [
          ...(isOwner
            ? [{ to: chapterPaths.newChapter(seminarId), label: t('chapter.tabs.new'), pages: NEW_PAGES }]
            : []),
          // the chapter's edit page is a tab of its own, so the strip shows where the owner is
          ...(isOwner && playId !== null
            ? [{ to: chapterPaths.edit(seminarId, playId), label: t('chapter.tabs.edit'), pages: EDIT_PAGES }]
            : []),
          ...(playId !== null
            ? [{ to: chapterPaths.play(seminarId, playId), label: t('chapter.tabs.play') }]
            : []),
        ];

  return (
    <PageFrame name="chapter">
      {seminar ? (
        <p className="mb-2">
          <AppLink
            to={`/seminar/id/${seminar.id}`}
            className="has-text-weight-semibold"
            data-testid="chapter-seminar-link"
          >
            {seminar.title}
          </AppLink>
        </p>
      ) : null}
      {tabs.length > 0 ? (
        <div className="mb-5" data-testid="chapter-tabs">
          <Tabs label={t('chapter.tabs.label')} items={tabs} />
        </div>
      ) : null}
      <div className="columns">
        {seminarId !== null && mayOpen ? (
          <aside className="column is-3-desktop is-4-tablet">
            {menu.isError ? (
              <p className="has-text-danger is-size-7" role="alert">
                {t('chapter.menu.loadError')}
              </p>
            ) : (
              <>
                {learner && progress.data ? (
                  <div className="mb-4" data-testid="chapter-menu-progress">
                    <ProgressSummary progress={progress.data} compact />
                  </div>
                ) : null}
                <ChapterSideMenu
                  seminarId={seminarId}
                  entries={entries}
                  currentId={currentId}
                  isOwner={isOwner}
                  mode={pathname.endsWith('/play') || !isOwner ? 'play' : 'edit'}
                  doneIds={doneIds}
                />
              </>
            )}
          </aside>
        ) : null}
        <div className="column">
          <Outlet />
        </div>
      </div>
    </PageFrame>
  );
}
