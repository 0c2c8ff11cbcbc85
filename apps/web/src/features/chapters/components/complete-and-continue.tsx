import type { SubChapterDto } from '@elearn/shared';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { useLocalizePath } from '@/hooks/use-locale';
import { notify } from '@/lib/notifications';
import { useToggleDone } from '../api/toggle-done';
import { chapterPaths } from './chapter-side-menu';

/**
 * The end of a chapter for a learner (issue 36): "Erledigt und weiter" marks it done (the done
 * toggle's API) and opens the next playable chapter; after the last one `onLast` shows the
 * seminar's completion screen.
 */
export function CompleteAndContinue({
  seminarId,
  chapter,
  next,
  onLast,
}: {
  seminarId: number;
  chapter: SubChapterDto;
  next: SubChapterDto | null;
  onLast: () => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const localize = useLocalizePath();
  const toggle = useToggleDone();
  const go = async () => {
    try {
      if (!chapter.done) await toggle.mutateAsync({ chapterId: chapter.id, seminarId, done: true });
    } catch (error) {
      notify('danger', (error as Error).message);
      return;
    }
    if (next) void navigate(localize(chapterPaths.play(seminarId, next.id)));
    else onLast();
  };
  return (
    <div className="chapter-complete mt-5 has-text-right">
      <Button
        variant="primary"
        size="medium"
        isLoading={toggle.isPending}
        onClick={go}
        data-testid="complete-and-continue"
      >
        {next ? t('progress.path.completeAndContinue') : t('progress.path.completeAndFinish')}
      </Button>
    </div>
  );
}
