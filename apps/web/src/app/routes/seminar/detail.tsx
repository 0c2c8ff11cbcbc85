import type { SeminarDto } from '@elearn/shared';
import type { QueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { type Params, useNavigate, useParams } from 'react-router';
import { AppLink } from '@/components/app-link';
import { QueryState } from '@/components/query-state';
import { ButtonLink } from '@/components/ui/button';
import { useSideMenu } from '@/features/chapters/api/get-side-menu';
import { chapterPaths } from '@/features/chapters/components/chapter-side-menu';
import { CompanyBookingPanel } from '@/features/companies/components/company-booking-panel';
import { learnQueryOptions, useLearn } from '@/features/learn/api/get-learn';
import { continuePath } from '@/features/learn/components/continue-target';
import { useSeminarProgress } from '@/features/progress/api/get-seminar-progress';
import { CompletionSettings } from '@/features/progress/components/completion-settings';
import { LearnerProgress } from '@/features/progress/components/learner-progress';
import { SeminarProgressPanel } from '@/features/progress/components/seminar-progress-panel';
import { seminarQueryOptions, useSeminar } from '@/features/seminars/api/get-seminar';
import { DeleteSeminarButton } from '@/features/seminars/components/delete-seminar-button';
import { PublicToggle } from '@/features/seminars/components/public-toggle';
import { SeminarBookings } from '@/features/seminars/components/seminar-bookings';
import { SeminarDetails } from '@/features/seminars/components/seminar-details';
import { useLocale, useLocalizePath } from '@/hooks/use-locale';
import { usePageTitle } from '@/hooks/use-page-title';
import { isAdmin, useCurrentUser } from '@/lib/auth';
import { idParam } from '@/lib/current-ids';
import { formatDate } from '@/lib/format';
import { prefetchPageQuery } from '@/lib/page-prefetch';

export const check = (params: Params) => idParam(params.sid) !== null;

/**
 * The seminar before the page renders (the server renders it, its title included); for a learner
 * also their dashboard, so that "Fortsetzen" or "Abgeschlossen" is in the first render (issue 36).
 */
export async function prefetch(queryClient: QueryClient, params: Params): Promise<void> {
  await prefetchPageQuery(queryClient, seminarQueryOptions(idParam(params.sid) ?? 0));
  const seminar = queryClient.getQueryData(seminarQueryOptions(idParam(params.sid) ?? 0).queryKey);
  if (seminar?.abilities.booked && !seminar.abilities.edit) {
    await prefetchPageQuery(queryClient, learnQueryOptions());
  }
}

type Entry = { id: number; unlocked: 0 | 1; available_at?: string | null };

/** done / current / locked (with the drip date) of a chapter in a learner's outline (issue 36) */
function OutlineMark({ entry, done, current }: { entry: Entry; done: boolean; current: boolean }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const opensAt =
    entry.available_at && new Date(entry.available_at).getTime() > Date.now() ? entry.available_at : null;
  if (entry.unlocked === 0 || opensAt) {
    return (
      <span className="tag is-light ml-2" data-testid="outline-locked">
        {opensAt
          ? t('progress.path.availableFrom', { date: formatDate(opensAt, locale) })
          : t('chapter.locked')}
      </span>
    );
  }
  if (done) {
    return (
      <span className="tag is-success is-light ml-2" data-testid="outline-done">
        {t('progress.path.outlineDone')}
      </span>
    );
  }
  return current ? (
    <span className="tag is-info is-light ml-2" data-testid="outline-current">
      {t('progress.path.outlineCurrent')}
    </span>
  ) : null;
}

function ChapterOverview({ seminar }: { seminar: SeminarDto }) {
  const { t } = useTranslation();
  const owner = seminar.abilities.edit;
  const menu = useSideMenu(seminar.id, owner || seminar.abilities.play || seminar.abilities.booked);
  const learner = seminar.abilities.booked && !owner;
  const progress = useSeminarProgress(seminar.id, learner);
  const card = useLearn(learner).data?.seminars.find((c) => c.seminar_id === seminar.id);
  const doneIds = new Set(progress.data?.chapters.filter((c) => c.done).map((c) => c.chapter_id));
  const currentId = card?.continue?.chapter_id ?? card?.next_chapter_id ?? null;
  const mark = (entry: Entry) =>
    learner ? (
      <OutlineMark entry={entry} done={doneIds.has(entry.id)} current={entry.id === currentId} />
    ) : entry.unlocked === 0 ? (
      <span className="tag is-light ml-2">{t('chapter.locked')}</span>
    ) : null;
  if (!menu.data) return null;
  return (
    <section className="box mt-5" aria-labelledby="chapter-overview-title" data-testid="chapter-overview">
      <h2 className="title is-5" id="chapter-overview-title">
        {t('seminar.chapterOverview')}
      </h2>
      {menu.data.length === 0 ? (
        <p className="has-text-grey">
          {t('chapter.menu.empty')}{' '}
          {owner ? (
            <AppLink to={chapterPaths.newChapter(seminar.id)}>{t('chapter.menu.newChapter')}</AppLink>
          ) : null}
        </p>
      ) : (
        <ol className="chapter-overview">
          {menu.data.map((entry) => (
            <li key={entry.id}>
              <AppLink to={chapterPaths.play(seminar.id, entry.id)}>{entry.label}</AppLink>
              {mark(entry)}
              {entry.sub_chapters.length > 0 ? (
                <ol>
                  {entry.sub_chapters.map((sub) => (
                    <li key={sub.id}>
                      <AppLink to={chapterPaths.play(seminar.id, sub.id)}>{sub.label}</AppLink>
                      {mark(sub)}
                    </li>
                  ))}
                </ol>
              ) : null}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

/** the completion settings over the seminar's chapter tree (the chapters feature's side menu) */
function OwnerCompletionSettings({ seminarId }: { seminarId: number }) {
  const menu = useSideMenu(seminarId);
  return <CompletionSettings seminarId={seminarId} tree={menu.data ?? []} />;
}

/** a learner's button: "Seminar starten", "Fortsetzen" to the exact place, or "Abgeschlossen" (issue 36) */
function LearnerButton({ seminar }: { seminar: SeminarDto }) {
  const { t } = useTranslation();
  const learn = useLearn();
  const card = learn.data?.seminars.find((c) => c.seminar_id === seminar.id);
  if (!card) return <StartButton seminar={seminar} />;
  if (card.state === 'completed') {
    const certificate = card.progress.certificate;
    return (
      <>
        <span className="tag is-success is-medium" data-testid="seminar-completed">
          {t('progress.path.completed')}
        </span>
        {certificate && !certificate.revoked_at ? (
          <ButtonLink
            to={`/certificate/${certificate.code}`}
            variant="light"
            data-testid="seminar-certificate"
          >
            {t('progress.path.certificate')}
          </ButtonLink>
        ) : null}
      </>
    );
  }
  const path = continuePath(card);
  if (!path) return null;
  return (
    <ButtonLink
      to={path}
      variant="primary"
      data-testid={card.state === 'not_started' ? 'seminar-start' : 'seminar-continue'}
    >
      {card.state === 'not_started' ? t('progress.path.start') : t('progress.path.continue')}
    </ButtonLink>
  );
}

function StartButton({ seminar }: { seminar: SeminarDto }) {
  const { t } = useTranslation();
  const menu = useSideMenu(seminar.id);
  const first = menu.data?.[0];
  if (!first) return null;
  return (
    <ButtonLink to={chapterPaths.play(seminar.id, first.id)} variant="primary" data-testid="seminar-start">
      {seminar.abilities.edit ? t('seminar.preview') : t('seminar.start')}
    </ButtonLink>
  );
}

function Detail({ seminar }: { seminar: SeminarDto }) {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const navigate = useNavigate();
  const localize = useLocalizePath();
  usePageTitle(seminar.title);
  const { edit, play, book, booked } = seminar.abilities;
  return (
    <>
      <SeminarDetails
        seminar={seminar}
        actions={
          <>
            {booked && !edit ? (
              <LearnerButton seminar={seminar} />
            ) : play || edit ? (
              <StartButton seminar={seminar} />
            ) : null}
            {book && !booked && !edit ? (
              <ButtonLink to={`/seminar/booking/${seminar.id}`} variant="primary" data-testid="seminar-book">
                {t('seminar.book')}
              </ButtonLink>
            ) : null}
            {edit ? (
              <>
                <ButtonLink to={`/seminar/id/${seminar.id}/edit`} variant="light" data-testid="seminar-edit">
                  {t('seminar.edit')}
                </ButtonLink>
                <PublicToggle seminar={seminar} />
                {seminar.abilities.delete ? (
                  <DeleteSeminarButton
                    seminar={seminar}
                    isAdmin={isAdmin(user)}
                    onDeleted={() => navigate(localize('/seminar/own'))}
                  />
                ) : null}
              </>
            ) : null}
          </>
        }
      />
      {booked && !edit ? <SeminarProgressPanel seminarId={seminar.id} /> : null}
      {edit || play || booked ? <ChapterOverview seminar={seminar} /> : null}
      <CompanyBookingPanel seminar={seminar} />
      {edit ? <SeminarBookings seminarId={seminar.id} /> : null}
      {edit ? <LearnerProgress seminarId={seminar.id} title={seminar.title} canRevoke /> : null}
      {edit ? <OwnerCompletionSettings seminarId={seminar.id} /> : null}
    </>
  );
}

/** `/seminar/id/{sid}`: a seminar's detail page. */
export default function SeminarDetailPage() {
  const sid = idParam(useParams().sid)!;
  const query = useSeminar(sid);
  return (
    <QueryState query={query} notFoundOn404>
      {(seminar) => <Detail seminar={seminar} />}
    </QueryState>
  );
}
