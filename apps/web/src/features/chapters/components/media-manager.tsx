import type { SubChapterDto } from '@elearn/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useLocale } from '@/hooks/use-locale';
import { formatBytes } from '@/lib/format';
import { notify } from '@/lib/notifications';
import { useDeleteDoc } from '../api/delete-doc';
import { useDeleteLink } from '../api/delete-link';
import { useDeleteVideo } from '../api/delete-video';
import { LinksForm } from './links-form';
import { DocsUpload, VideoUpload } from './media-uploads';

type MediaKind = 'doc' | 'video' | 'link';

interface Pending {
  kind: MediaKind;
  id: number;
  name: string;
}

export interface MediaManagerProps {
  seminarId: number;
  chapter: SubChapterDto;
  maxDocMb: number;
  maxVideoMb: number;
}

/** The chapter edit page's media: videos, documents and links, each added here and deleted after a confirmation. */
export function MediaManager({ seminarId, chapter, maxDocMb, maxVideoMb }: MediaManagerProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const deleteDoc = useDeleteDoc();
  const deleteVideo = useDeleteVideo();
  const deleteLink = useDeleteLink();
  const [pending, setPending] = useState<Pending | null>(null);
  const [error, setError] = useState<string | null>(null);
  const mutation = pending?.kind === 'doc' ? deleteDoc : pending?.kind === 'video' ? deleteVideo : deleteLink;

  const ask = (kind: MediaKind, id: number, name: string) => {
    setError(null);
    setPending({ kind, id, name });
  };

  const confirm = () => {
    if (!pending) return;
    mutation.mutate(
      { id: pending.id, seminarId },
      {
        onSuccess: () => {
          notify('success', t('media.deleted', { name: pending.name }));
          setPending(null);
        },
        onError: (err) => setError(err.message),
      },
    );
  };

  const deleteButton = (kind: MediaKind, id: number, name: string) => (
    <Button
      size="small"
      variant="danger"
      outlined
      onClick={() => ask(kind, id, name)}
      aria-label={t('media.deleteItem', { name })}
      data-testid={`${kind}-delete`}
    >
      {t('common.delete')}
    </Button>
  );

  return (
    <section className="media-manager" aria-labelledby="media-title" data-testid="media-manager">
      <h2 className="title is-4" id="media-title">
        {t('media.title')}
      </h2>

      <div className="box">
        <h3 className="title is-5">{t('media.videos')}</h3>
        {chapter.chapter_videos.length === 0 ? (
          <p className="has-text-grey mb-3">{t('media.noVideos')}</p>
        ) : (
          <ul className="media-list mb-4" data-testid="video-list">
            {chapter.chapter_videos.map((video) => (
              <li key={video.id} className="media-row" data-testid="video-item">
                <span>
                  {video.label || video.original_name}{' '}
                  {/* the file name once: beside a title, not again after itself (issue 32 item 17; an
                      upload without a title is stored with its file name as its label) */}
                  <span className="has-text-grey is-size-7" data-testid="video-item-details">
                    ({video.label && video.label !== video.original_name ? `${video.original_name}, ` : ''}
                    {formatBytes(video.size, locale)})
                  </span>
                </span>
                {deleteButton('video', video.id, video.label || video.original_name)}
              </li>
            ))}
          </ul>
        )}
        <VideoUpload seminarId={seminarId} chapterId={chapter.id} maxMb={maxVideoMb} />
      </div>

      <div className="box">
        <h3 className="title is-5">{t('media.docs')}</h3>
        {chapter.chapter_docs.length === 0 ? (
          <p className="has-text-grey mb-3">{t('media.noDocs')}</p>
        ) : (
          <ul className="media-list mb-4" data-testid="doc-list">
            {chapter.chapter_docs.map((doc) => (
              <li key={doc.id} className="media-row" data-testid="doc-item">
                <span>
                  {doc.label || doc.original_name}{' '}
                  <span className="has-text-grey is-size-7">({formatBytes(doc.size, locale)})</span>
                </span>
                {deleteButton('doc', doc.id, doc.label || doc.original_name)}
              </li>
            ))}
          </ul>
        )}
        <DocsUpload seminarId={seminarId} chapterId={chapter.id} maxMb={maxDocMb} />
      </div>

      <div className="box">
        <h3 className="title is-5">{t('media.links')}</h3>
        {chapter.chapter_links.length === 0 ? (
          <p className="has-text-grey mb-3">{t('media.noLinks')}</p>
        ) : (
          <ul className="media-list mb-4" data-testid="link-list">
            {chapter.chapter_links.map((link) => (
              <li key={link.id} className="media-row" data-testid="link-item">
                <span>
                  {link.label}{' '}
                  <a href={link.url} target="_blank" rel="noopener noreferrer" className="is-size-7">
                    {link.url}
                    <span className="is-sr-only"> {t('common.newWindow')}</span>
                  </a>
                </span>
                {deleteButton('link', link.id, link.label)}
              </li>
            ))}
          </ul>
        )}
        <LinksForm seminarId={seminarId} chapterId={chapter.id} />
      </div>

      <ConfirmDialog
        open={pending !== null}
        title={t('media.deleteTitle')}
        confirmLabel={t('common.delete')}
        busy={mutation.isPending}
        error={error}
        onConfirm={confirm}
        onCancel={() => setPending(null)}
      >
        <p>{t('media.deleteConfirm', { name: pending?.name ?? '' })}</p>
      </ConfirmDialog>
    </section>
  );
}
