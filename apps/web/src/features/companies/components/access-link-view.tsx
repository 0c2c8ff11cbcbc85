import type { ChapterDto, SubChapterDto } from '@elearn/shared';
import { useTranslation } from 'react-i18next';
import { AppLink } from '@/components/app-link';
import { ButtonLink } from '@/components/ui/button';
import { usePageTitle } from '@/hooks/use-page-title';
import { isApiError } from '@/lib/api-client';
import '../companies.css';

/** `url` with `access_link=<token>` added to its query (the media routes take the link's token). */
export function withAccessLink(url: string, token: string): string {
  const hash = url.indexOf('#');
  const base = hash < 0 ? url : url.slice(0, hash);
  const fragment = hash < 0 ? '' : url.slice(hash);
  const separator = base.includes('?') ? '&' : '?';
  return `${base}${separator}access_link=${encodeURIComponent(token)}${fragment}`;
}

function chapterWithToken<T extends SubChapterDto>(chapter: T, token: string): T {
  return {
    ...chapter,
    chapter_videos: chapter.chapter_videos.map((video) => ({
      ...video,
      url: withAccessLink(video.url, token),
    })),
    chapter_docs: chapter.chapter_docs.map((doc) => ({ ...doc, url: withAccessLink(doc.url, token) })),
  };
}

/** The chapter tree with every video and document URL carrying the link's token. */
export function chaptersWithAccessLink(chapters: ChapterDto[], token: string): ChapterDto[] {
  return chapters.map((chapter) => ({
    ...chapterWithToken(chapter, token),
    sub_chapters: chapter.sub_chapters.map((sub) => chapterWithToken(sub, token)),
  }));
}

export type AccessLinkProblemKind = 'missing' | 'invalid' | 'expired' | 'revoked' | 'throttled' | 'failed';

/** What went wrong with an access link, from the look-up's error (or a missing token). */
export function accessLinkProblem(error: unknown): AccessLinkProblemKind {
  if (!isApiError(error)) return 'failed';
  if (error.code === 'access_link.expired') return 'expired';
  if (error.code === 'access_link.revoked') return 'revoked';
  if (error.status === 404 || error.code === 'access_link.invalid') return 'invalid';
  if (error.status === 410) return 'expired';
  if (error.status === 429) return 'throttled';
  return 'failed';
}

/** The page an expired, revoked or unknown link shows instead of the seminar. */
export function AccessLinkProblem({ kind, onRetry }: { kind: AccessLinkProblemKind; onRetry?: () => void }) {
  const { t } = useTranslation();
  usePageTitle(t(`company.play.problem.${kind}.title`));
  return (
    <section className="section has-text-centered" data-testid="access-link-problem" data-kind={kind}>
      <h1 className="title is-3">{t(`company.play.problem.${kind}.title`)}</h1>
      <p className="subtitle is-6 mb-5">{t(`company.play.problem.${kind}.text`)}</p>
      <div className="buttons is-centered">
        {kind === 'failed' && onRetry ? (
          <button type="button" className="button is-primary" onClick={onRetry}>
            {t('common.retry')}
          </button>
        ) : null}
        <ButtonLink to="/" variant="light">
          {t('errors.home')}
        </ButtonLink>
      </div>
    </section>
  );
}

/** The link's address of one chapter (`?chapter=`). */
export const accessLinkChapterPath = (token: string, chapterId: number) =>
  `/seminar/access-link/${encodeURIComponent(token)}?chapter=${chapterId}`;

/** The seminar's chapters and sub-chapters as a menu; locked ones are marked. */
export function AccessLinkChapterMenu({
  token,
  chapters,
  currentId,
}: {
  token: string;
  chapters: ChapterDto[];
  currentId: number | null;
}) {
  const { t } = useTranslation();
  const item = (chapter: SubChapterDto) => (
    <AppLink
      to={accessLinkChapterPath(token, chapter.id)}
      className={[chapter.id === currentId && 'is-active', chapter.unlocked === 0 && 'is-locked']
        .filter(Boolean)
        .join(' ')}
      aria-current={chapter.id === currentId ? 'page' : undefined}
      data-testid="access-link-chapter"
      data-chapter-id={chapter.id}
    >
      {chapter.label}
      {chapter.unlocked === 0 ? <span className="tag is-light ml-2">{t('chapter.locked')}</span> : null}
    </AppLink>
  );
  return (
    <nav
      className="menu box access-link-chapters"
      aria-label={t('company.play.chapters')}
      data-testid="access-link-menu"
    >
      <p className="menu-label">{t('company.play.chapters')}</p>
      {chapters.length === 0 ? (
        <p className="has-text-grey">{t('company.play.noChapters')}</p>
      ) : (
        <ul className="menu-list">
          {chapters.map((chapter) => (
            <li key={chapter.id}>
              {item(chapter)}
              {chapter.sub_chapters.length > 0 ? (
                <ul>
                  {chapter.sub_chapters.map((sub) => (
                    <li key={sub.id}>{item(sub)}</li>
                  ))}
                </ul>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </nav>
  );
}
