import type { ChapterDto } from '@elearn/shared';
import { useTranslation } from 'react-i18next';
import { AppLink } from '@/components/app-link';
import { ButtonLink } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { chapterPaths } from './chapter-side-menu';

/** The sub-chapters of a chapter with links to edit and play them. */
export function SubChapterList({ seminarId, chapter }: { seminarId: number; chapter: ChapterDto }) {
  const { t } = useTranslation();
  return (
    <>
      {chapter.sub_chapters.length === 0 ? (
        <EmptyState title={t('chapter.sub.empty')} testId="sub-chapter-empty">
          <p>{t('chapter.sub.emptyText')}</p>
        </EmptyState>
      ) : (
        <ol className="sub-chapter-list mb-5" data-testid="sub-chapter-list">
          {chapter.sub_chapters.map((sub) => (
            <li key={sub.id} className="box media-row" data-testid="sub-chapter-item">
              <span>
                <AppLink to={chapterPaths.editSub(seminarId, chapter.id, sub.id)}>{sub.label}</AppLink>
                {sub.preview ? (
                  <span className="tag is-info is-light ml-2" data-testid="chapter-preview-badge">
                    {t('chapter.previewBadge')}
                  </span>
                ) : null}
                {sub.unlocked === 0 ? (
                  <span className="tag is-warning is-light ml-2">{t('chapter.locked')}</span>
                ) : null}
              </span>
              <AppLink to={chapterPaths.play(seminarId, sub.id)} className="button is-small is-light">
                {t('chapter.play')}
              </AppLink>
            </li>
          ))}
        </ol>
      )}
      <ButtonLink
        to={chapterPaths.newSub(seminarId, chapter.id)}
        variant="primary"
        data-testid="sub-chapter-new"
      >
        {t('chapter.menu.newSub')}
      </ButtonLink>
    </>
  );
}
