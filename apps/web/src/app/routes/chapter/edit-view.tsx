import type { ChapterDto, SubChapterDto } from '@elearn/shared';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ButtonLink } from '@/components/ui/button';
import { ChapterForm } from '@/features/chapters/components/chapter-form';
import { chapterPaths } from '@/features/chapters/components/chapter-side-menu';
import { LockToggle } from '@/features/chapters/components/chapter-toggles';
import { DeleteChapterButton } from '@/features/chapters/components/delete-chapter-button';
import { MediaManager } from '@/features/chapters/components/media-manager';
import { useLocalizePath } from '@/hooks/use-locale';
import { usePageTitle } from '@/hooks/use-page-title';
import { useAppConfig } from '@/lib/app-config';
import { DEFAULT_DOC_MAX_MB, DEFAULT_VIDEO_MAX_MB } from '@/lib/file-checks';

/** The edit page of a chapter or sub-chapter: its fields, lock, media, delete. */
export function ChapterEditView({
  seminarId,
  chapter,
  parent,
}: {
  seminarId: number;
  chapter: ChapterDto | SubChapterDto;
  parent: ChapterDto | null;
}) {
  const { t } = useTranslation();
  const config = useAppConfig();
  const navigate = useNavigate();
  const localize = useLocalizePath();
  const title = parent ? t('chapter.form.editSubTitle') : t('chapter.form.editTitle');
  usePageTitle(`${title}: ${chapter.label}`);
  return (
    <>
      <h1 className="title is-3" id="chapter-form-title">
        {title}
      </h1>
      {parent ? <p className="subtitle is-6">{t('chapter.form.subOf', { label: parent.label })}</p> : null}
      <div className="buttons">
        <LockToggle chapter={chapter} />
        <ButtonLink
          to={chapterPaths.play(seminarId, chapter.id)}
          variant="light"
          data-testid="chapter-play-link"
        >
          {t('chapter.play')}
        </ButtonLink>
        {parent ? null : (
          <ButtonLink
            to={chapterPaths.subList(seminarId, chapter.id)}
            variant="light"
            data-testid="chapter-subs-link"
          >
            {t('chapter.sub.title')}
          </ButtonLink>
        )}
        <DeleteChapterButton
          seminarId={seminarId}
          chapter={chapter}
          onDeleted={() =>
            void navigate(
              localize(parent ? chapterPaths.subList(seminarId, parent.id) : `/seminar/id/${seminarId}`),
            )
          }
        />
      </div>
      <div className="box">
        <ChapterForm key={chapter.id} seminarId={seminarId} chapter={chapter} onSaved={() => {}} />
      </div>
      <MediaManager
        seminarId={seminarId}
        chapter={chapter}
        maxDocMb={config.data?.maxDocMb ?? DEFAULT_DOC_MAX_MB}
        maxVideoMb={config.data?.maxVideoMb ?? DEFAULT_VIDEO_MAX_MB}
      />
    </>
  );
}
