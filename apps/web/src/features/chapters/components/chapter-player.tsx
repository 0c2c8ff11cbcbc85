import type { SubChapterDto } from '@elearn/shared';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppLink } from '@/components/app-link';
import { ServerHtml } from '@/components/html-content';
import { Button } from '@/components/ui/button';
import { Notification } from '@/components/ui/notification';
import { VideoPlayer } from '@/components/video-player';
import { useLocale } from '@/hooks/use-locale';
import { formatBytes } from '@/lib/format';
import { notify } from '@/lib/notifications';
import { chapterPaths } from './chapter-side-menu';
import { DoneToggle, LockToggle } from './chapter-toggles';

export type ChapterVideo = SubChapterDto['chapter_videos'][number];

export interface ChapterPlayerProps {
  seminarId: number;
  chapter: SubChapterDto;
  /** Owner or admin: sees everything, the lock switch and an edit link. */
  isOwner: boolean;
  /** A booked user: may mark the chapter done. */
  canMarkDone: boolean;
  /** The parent chapter of a sub-chapter (for the edit link). */
  parentId: number | null;
  previous?: SubChapterDto | null;
  next?: SubChapterDto | null;
  /**
   * How a video plays: the chapter page of a logged-in user gives the progress feature's player,
   * which remembers the position and the parts watched (issue 16); without it the plain player.
   */
  renderVideo?: (video: ChapterVideo, title: string) => ReactNode;
}

/** One chapter to work through: description, videos, content, documents, links, done / lock. */
export function ChapterPlayer({
  seminarId,
  chapter,
  isOwner,
  canMarkDone,
  parentId,
  previous,
  next,
  renderVideo,
}: ChapterPlayerProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const [downloading, setDownloading] = useState<number | null>(null);
  const locked = chapter.unlocked === 0;
  const hidden = locked && !isOwner;

  const download = async (id: number, url: string, name: string) => {
    setDownloading(id);
    // the helper loads when a document is asked for, not with the page (issue 34)
    const ok = await import('@/lib/download').then(
      ({ downloadFile }) => downloadFile(url, name),
      () => false,
    );
    setDownloading(null);
    if (!ok) notify('danger', t('media.downloadFailed', { name }));
  };

  return (
    <article className="chapter-player" data-testid="chapter-player" data-chapter-id={chapter.id}>
      <header className="chapter-player-header mb-4">
        <h1 className="title is-3" id="chapter-title">
          {chapter.label}
        </h1>
        <div className="buttons">
          {isOwner ? <LockToggle chapter={chapter} /> : null}
          {isOwner ? (
            <AppLink
              to={
                parentId === null
                  ? chapterPaths.edit(seminarId, chapter.id)
                  : chapterPaths.editSub(seminarId, parentId, chapter.id)
              }
              className="button is-light"
              data-testid="chapter-edit-link"
            >
              {t('chapter.edit')}
            </AppLink>
          ) : null}
          {canMarkDone && !hidden ? <DoneToggle chapter={chapter} seminarId={seminarId} /> : null}
        </div>
      </header>

      {hidden ? (
        <Notification variant="warning" role="status">
          <span data-testid="chapter-locked">{t('chapter.lockedNotice')}</span>
        </Notification>
      ) : (
        <>
          {isOwner && locked ? (
            <Notification variant="warning" role="note">
              {t('chapter.lockedOwnerNotice')}
            </Notification>
          ) : null}
          <ServerHtml
            html={chapter.description}
            className="chapter-description"
            testId="chapter-description"
          />
          {chapter.chapter_videos.map((video) => (
            <div className="chapter-video mb-5" key={video.id} data-testid="chapter-video">
              {renderVideo ? (
                renderVideo(video, video.label || video.original_name)
              ) : (
                <VideoPlayer
                  title={video.label || video.original_name}
                  sources={[{ src: video.url, type: video.mime }]}
                />
              )}
            </div>
          ))}
          <ServerHtml html={chapter.content} className="chapter-content" testId="chapter-content" />

          {chapter.chapter_docs.length > 0 ? (
            <section className="mt-5" aria-labelledby="chapter-docs-title">
              <h2 className="title is-5" id="chapter-docs-title">
                {t('media.docs')}
              </h2>
              <ul className="media-list" data-testid="chapter-docs">
                {chapter.chapter_docs.map((doc) => {
                  const name = doc.original_name || doc.label;
                  return (
                    <li key={doc.id} className="media-row">
                      <span>
                        {doc.label || doc.original_name}{' '}
                        <span className="has-text-grey is-size-7">({formatBytes(doc.size, locale)})</span>
                      </span>
                      <Button
                        size="small"
                        variant="link"
                        outlined
                        isLoading={downloading === doc.id}
                        onClick={() => void download(doc.id, doc.url, name)}
                        aria-label={t('media.downloadItem', { name })}
                        data-testid="doc-download"
                      >
                        {t('media.download')}
                      </Button>
                    </li>
                  );
                })}
              </ul>
            </section>
          ) : null}

          {chapter.chapter_links.length > 0 ? (
            <section className="mt-5" aria-labelledby="chapter-links-title">
              <h2 className="title is-5" id="chapter-links-title">
                {t('media.links')}
              </h2>
              <ul className="chapter-links" data-testid="chapter-links">
                {chapter.chapter_links.map((link) => (
                  <li key={link.id}>
                    <a href={link.url} target="_blank" rel="noopener noreferrer" data-testid="chapter-link">
                      {link.label}
                      <span className="is-sr-only"> {t('common.newWindow')}</span>
                    </a>
                  </li>
                ))}
              </ul>
            </section>
          ) : null}

          {!chapter.description &&
          !chapter.content &&
          chapter.chapter_videos.length === 0 &&
          chapter.chapter_docs.length === 0 &&
          chapter.chapter_links.length === 0 ? (
            <p className="has-text-grey" data-testid="chapter-empty">
              {t('chapter.emptyContent')}
            </p>
          ) : null}
        </>
      )}

      <nav className="chapter-pager mt-6" aria-label={t('chapter.pager')}>
        {previous ? (
          <AppLink
            to={chapterPaths.play(seminarId, previous.id)}
            className="button is-light"
            rel="prev"
            data-testid="chapter-prev"
          >
            ← {previous.label}
          </AppLink>
        ) : (
          <span />
        )}
        {next ? (
          <AppLink
            to={chapterPaths.play(seminarId, next.id)}
            className="button is-light"
            rel="next"
            data-testid="chapter-next"
          >
            {next.label} →
          </AppLink>
        ) : null}
      </nav>
    </article>
  );
}
