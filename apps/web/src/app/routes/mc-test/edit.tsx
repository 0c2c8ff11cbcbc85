import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { QueryState } from '@/components/query-state';
import { ButtonLink } from '@/components/ui/button';
import { useMcTest } from '@/features/mc-tests/api/get-mc-test';
import { ChapterAttach } from '@/features/mc-tests/components/chapter-attach';
import { McTestForm } from '@/features/mc-tests/components/mc-test-form';
import { DeleteTestButton, EnabledToggle } from '@/features/mc-tests/components/test-actions';
import { ModeTag } from '@/features/mc-tests/components/test-facts';
import { TestQuestions } from '@/features/mc-tests/components/test-questions';
import { mcTestPaths } from '@/features/mc-tests/tabs';
import { useLocalizePath } from '@/hooks/use-locale';
import { usePageTitle } from '@/hooks/use-page-title';
import { idParam } from '@/lib/current-ids';

export { checkTestId as check } from './params';

/**
 * `/mcTest/{id}/edit`: the test editor: label, threshold and mode; enabled; the chapter it sits
 * on; its questions (detach, add from the pool, new one). Managers only (others get 404).
 */
export default function EditTestPage() {
  const { t } = useTranslation();
  const params = useParams();
  const id = idParam(params.id)!;
  const query = useMcTest(id);
  const navigate = useNavigate();
  const localize = useLocalizePath();
  usePageTitle(query.data ? query.data.label : t('mcTest.editor.title'));
  return (
    <QueryState query={query} notFoundOn404>
      {(test) => (
        <div data-testid="mc-test-editor" data-test-id={test.id}>
          <header className="is-flex is-justify-content-space-between is-align-items-flex-start is-flex-wrap-wrap mb-4">
            <div>
              <p className="is-size-7 has-text-grey">{t('mcTest.editor.title')}</p>
              <h1 className="title is-3 mb-2" data-testid="mc-test-title">
                {test.label}
              </h1>
              <ModeTag mode={test.mode} />
            </div>
            <div className="buttons">
              <EnabledToggle test={test} />
              <ButtonLink to={mcTestPaths.play(test.id)} variant="light" data-testid="mc-test-preview">
                {t('mcTest.side.preview')}
              </ButtonLink>
              <DeleteTestButton test={test} onDeleted={() => navigate(localize(mcTestPaths.own))} />
            </div>
          </header>
          {test.enabled === 1 && (test.questions.length === 0 || !test.chapter) ? (
            <div
              className="notification is-warning is-light"
              role="status"
              data-testid="mc-test-not-playable"
            >
              {test.questions.length === 0
                ? t('mcTest.editor.enabledNoQuestions')
                : t('mcTest.editor.enabledNoChapter')}
            </div>
          ) : null}
          <section className="box" aria-labelledby="mc-test-settings-title">
            <h2 className="title is-5" id="mc-test-settings-title">
              {t('mcTest.editor.settings')}
            </h2>
            <McTestForm key={test.id} test={test} />
          </section>
          <ChapterAttach test={test} />
          <TestQuestions test={test} />
        </div>
      )}
    </QueryState>
  );
}
