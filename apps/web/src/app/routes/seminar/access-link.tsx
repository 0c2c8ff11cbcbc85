import type { AccessLinkPlay } from '@elearn/shared';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { AppLink } from '@/components/app-link';
import { ServerHtml } from '@/components/html-content';
import { PageLoader } from '@/components/layout/page-loader';
import { ChapterPlayer } from '@/features/chapters/components/chapter-player';
import { findChapter, flattenChapters } from '@/features/chapters/components/chapter-tree';
import { useAccessLinkPlay } from '@/features/companies/api/get-access-link-play';
import {
  AccessLinkChapterMenu,
  AccessLinkProblem,
  accessLinkChapterPath,
  accessLinkProblem,
  chaptersWithAccessLink,
} from '@/features/companies/components/access-link-view';
import { formatDateTime } from '@/features/companies/format';
import { useLocale } from '@/hooks/use-locale';
import { usePageTitle } from '@/hooks/use-page-title';
import { idParam } from '@/lib/current-ids';

function Player({ token, play }: { token: string; play: AccessLinkPlay }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const [params] = useSearchParams();
  const chapters = useMemo(() => chaptersWithAccessLink(play.chapters, token), [play.chapters, token]);
  const flat = flattenChapters(chapters);
  const wanted = idParam(params.get('chapter') ?? undefined);
  const found = wanted !== null ? findChapter(chapters, wanted) : null;
  const index = found ? flat.findIndex((chapter) => chapter.id === found.chapter.id) : -1;
  const previous = index > 0 ? flat[index - 1] : null;
  const next = index >= 0 ? flat[index + 1] : flat[0];
  usePageTitle(found ? `${found.chapter.label} – ${play.seminar.title}` : play.seminar.title);

  return (
    <div className="columns" data-testid="access-link-player" data-seminar-id={play.seminar.id}>
      <aside className="column is-3-desktop is-4-tablet">
        <AccessLinkChapterMenu token={token} chapters={chapters} currentId={found?.chapter.id ?? null} />
      </aside>
      <div className="column">
        <p className="is-size-6 has-text-grey mb-3" data-testid="access-link-expires">
          {t('company.play.greeting', { name: play.employee.first_name })}{' '}
          {t('company.play.expires', { date: formatDateTime(play.expires_at, locale) })}
        </p>
        {found ? (
          <ChapterPlayer
            key={found.chapter.id}
            seminarId={play.seminar.id}
            chapter={found.chapter}
            parentId={found.parent?.id ?? null}
            isOwner={false}
            canMarkDone={false}
          />
        ) : wanted !== null ? (
          <p className="notification is-warning is-light" role="alert" data-testid="access-link-no-chapter">
            {t('company.play.noSuchChapter')}
          </p>
        ) : (
          <section data-testid="access-link-seminar">
            <h1 className="title is-3">{play.seminar.title}</h1>
            <ServerHtml html={play.seminar.description} testId="access-link-description" />
          </section>
        )}
        <nav className="chapter-pager mt-6" aria-label={t('company.play.pager')}>
          {previous ? (
            <AppLink
              to={accessLinkChapterPath(token, previous.id)}
              className="button is-light"
              rel="prev"
              data-testid="access-link-prev"
            >
              ← {previous.label}
            </AppLink>
          ) : (
            <span />
          )}
          {next ? (
            <AppLink
              to={accessLinkChapterPath(token, next.id)}
              className={['button', found ? 'is-light' : 'is-primary'].join(' ')}
              rel="next"
              data-testid="access-link-next"
            >
              {found ? `${next.label} →` : t('company.play.start')}
            </AppLink>
          ) : null}
        </nav>
      </div>
    </div>
  );
}

/**
 * `/seminar/access-link/{token}` (no login): plays the seminar of an employee's access link —
 * chapters, sub-chapters, content, videos and documents (their URLs carry the token). An unknown,
 * expired or revoked link shows a page that says so.
 */
export default function AccessLinkPage() {
  const token = useParams().id?.trim() || null;
  const query = useAccessLinkPlay(token);
  if (!token) return <AccessLinkProblem kind="missing" />;
  if (query.isPending) return <PageLoader />;
  if (query.isError)
    return <AccessLinkProblem kind={accessLinkProblem(query.error)} onRetry={() => void query.refetch()} />;
  return <Player token={token} play={query.data} />;
}
