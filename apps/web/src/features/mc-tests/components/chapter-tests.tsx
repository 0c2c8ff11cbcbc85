import { useTranslation } from 'react-i18next';
import { AppLink } from '@/components/app-link';
import { useChapterTests } from '../api/get-chapter-tests';
import '../mc-tests.css';
import { mcTestPaths } from '../tabs';
import { AssignedStatus, StartButton } from './assigned-list';
import { TestFacts } from './test-facts';

/**
 * The tests attached to a chapter, on its play page (`GET /api/mc_tests/chapter/{id}`).
 * Students see the enabled ones with their status and a start button; owners see every test of
 * the chapter with a link to its editor. A locked chapter (403) or an unknown one shows nothing.
 */
export function ChapterTests({ chapterId, isOwner }: { chapterId: number; isOwner: boolean }) {
  const { t } = useTranslation();
  const query = useChapterTests(chapterId);
  if (!query.data) return null;
  const tests = query.data;
  if (tests.length === 0) {
    if (!isOwner) return null;
    return (
      <p className="is-size-7 has-text-grey mt-5" data-testid="chapter-tests-none">
        {t('mcTest.chapter.none')} <AppLink to={mcTestPaths.own}>{t('mcTest.chapter.attachOne')}</AppLink>
      </p>
    );
  }
  return (
    <section className="mt-5" aria-labelledby={`chapter-tests-${chapterId}`} data-testid="chapter-tests">
      <h2 className="title is-5" id={`chapter-tests-${chapterId}`}>
        {t('mcTest.chapter.title', { count: tests.length })}
      </h2>
      <ul>
        {tests.map((test) => (
          <li key={test.id} className="box" data-testid="chapter-test" data-test-id={test.id}>
            <div className="is-flex is-justify-content-space-between is-align-items-center is-flex-wrap-wrap mb-2">
              <h3 className="title is-6 mb-1">{test.label}</h3>
              {isOwner ? (
                <span className={`tag is-light ${test.enabled ? 'is-success' : 'is-warning'}`}>
                  {test.enabled ? t('mcTest.enabled') : t('mcTest.disabled')}
                </span>
              ) : (
                <AssignedStatus test={test} />
              )}
            </div>
            <TestFacts test={isOwner ? { ...test, runs_used: undefined } : test} />
            <div className="buttons">
              <StartButton test={test} />
              {isOwner ? (
                <AppLink
                  to={mcTestPaths.edit(test.id)}
                  className="button is-light"
                  data-testid="chapter-test-edit"
                >
                  {t('mcTest.chapter.edit')}
                </AppLink>
              ) : null}
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
