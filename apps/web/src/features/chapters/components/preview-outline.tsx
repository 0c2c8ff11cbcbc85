import type { ChapterDto, SubChapterDto } from '@elearn/shared';
import { useTranslation } from 'react-i18next';
import { AppLink } from '@/components/app-link';
import { formatVideoLength } from '@/lib/video-length';

function OutlineEntry({
  chapter,
  previewHref,
  current,
}: {
  chapter: SubChapterDto;
  previewHref: (chapterId: number) => string;
  current: number | null;
}) {
  const { t } = useTranslation();
  const playable = chapter.preview && chapter.chapter_videos.length > 0;
  return (
    <div className="preview-outline-entry" data-testid="outline-chapter" data-chapter-id={chapter.id}>
      <span className="preview-outline-label">{chapter.label}</span>
      {chapter.video_seconds ? (
        <span className="preview-outline-length has-text-grey" data-testid="outline-length">
          {formatVideoLength(chapter.video_seconds, t)}
        </span>
      ) : null}
      {chapter.preview ? (
        <span className="tag is-info is-light" data-testid="outline-preview-badge">
          {t('seminarLanding.preview')}
        </span>
      ) : null}
      {playable ? (
        <AppLink
          to={previewHref(chapter.id)}
          className="preview-outline-play"
          aria-label={t('seminarLanding.watchPreviewOf', { label: chapter.label })}
          aria-current={current === chapter.id ? 'true' : undefined}
          preventScrollReset
          data-testid="outline-play"
        >
          {t('seminarLanding.watchPreview')}
        </AppLink>
      ) : null}
    </div>
  );
}

/**
 * A seminar's chapters and sub-chapters as its public page lists them (issue 34): labels, video
 * lengths, the "Vorschau" mark, and for a free preview with a video a link that plays it.
 */
export function PreviewOutline({
  chapters,
  previewHref,
  current,
}: {
  chapters: ChapterDto[];
  /** the address that plays a preview chapter (the landing page with `?preview=`) */
  previewHref: (chapterId: number) => string;
  /** the preview playing now */
  current: number | null;
}) {
  const { t } = useTranslation();
  if (chapters.length === 0) return <p data-testid="outline-empty">{t('seminarLanding.outlineEmpty')}</p>;
  return (
    <ol className="preview-outline" data-testid="outline">
      {chapters.map((chapter) => (
        <li key={chapter.id}>
          <OutlineEntry chapter={chapter} previewHref={previewHref} current={current} />
          {chapter.sub_chapters.length > 0 ? (
            <ol className="preview-outline-subs">
              {chapter.sub_chapters.map((sub) => (
                <li key={sub.id}>
                  <OutlineEntry chapter={sub} previewHref={previewHref} current={current} />
                </li>
              ))}
            </ol>
          ) : null}
        </li>
      ))}
    </ol>
  );
}

/** The chapter (or sub-chapter) of the outline with this id. */
export function findOutlineChapter(chapters: ChapterDto[], id: number | null): SubChapterDto | null {
  if (id === null) return null;
  for (const chapter of chapters) {
    if (chapter.id === id) return chapter;
    const sub = chapter.sub_chapters.find((s) => s.id === id);
    if (sub) return sub;
  }
  return null;
}
