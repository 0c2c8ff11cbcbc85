import type { RunReview, StopResult } from '@elearn/shared';
import { useTranslation } from 'react-i18next';
import { ServerHtml } from '@/components/html-content';
import { Button, ButtonLink } from '@/components/ui/button';
import { useLocale } from '@/hooks/use-locale';
import { formatPercent } from '../format';
import { mcTestPaths } from '../tabs';
import '../mc-tests.css';

/**
 * The result page of a run. Exam: passed or not and the achieved percent, nothing about single
 * questions. Practice: the same plus, per question, whether it was answered right.
 */
export function RunResult({
  label,
  result,
  onAgain,
}: {
  label: string;
  result: StopResult;
  onAgain?: () => void;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const passed = result.accomp;
  return (
    <section
      className="box test-result"
      aria-labelledby="test-result-title"
      data-testid="test-result"
      data-mode={result.mode}
      data-accomp={passed ? 'true' : 'false'}
    >
      <p className="is-size-7 has-text-grey mb-1">{label}</p>
      <h1 className="title is-3" id="test-result-title" tabIndex={-1}>
        {passed ? t('mcTest.result.passed') : t('mcTest.result.failed')}
      </h1>
      <div className={`notification is-light ${passed ? 'is-success' : 'is-danger'}`} role="status">
        <p className="is-size-4 has-text-weight-semibold" data-testid="test-result-percent">
          {formatPercent(result.achievedPercent, locale)}
        </p>
        <p>
          {t('mcTest.result.threshold', { percent: formatPercent(result.percent_to_accomplish, locale) })}
        </p>
      </div>
      {result.mode === 'practice' && result.result ? (
        <ReviewList review={result.result} />
      ) : (
        <p className="mb-4 has-text-grey" data-testid="test-result-exam-note">
          {t('mcTest.result.examNote')}
        </p>
      )}
      <div className="buttons mt-4">
        {onAgain ? (
          <Button variant="primary" onClick={onAgain} data-testid="test-again">
            {t('mcTest.result.again')}
          </Button>
        ) : null}
        <ButtonLink to={mcTestPaths.history} variant="light" data-testid="test-to-history">
          {t('mcTest.result.toHistory')}
        </ButtonLink>
        <ButtonLink to={mcTestPaths.assigned} variant="light">
          {t('mcTest.result.toAssigned')}
        </ButtonLink>
      </div>
    </section>
  );
}

/** Practice runs: every question with right or wrong (never which answers were correct). */
export function ReviewList({ review }: { review: RunReview }) {
  const { t } = useTranslation();
  const right = review.questions.filter((q) => q.right).length;
  return (
    <div data-testid="test-review">
      <h2 className="title is-5 mb-2">
        {t('mcTest.result.reviewTitle', { right, total: review.questions.length })}
      </h2>
      {/* why "80 %" can stand beside "2 of 3 questions right" (issue 32 item 16) */}
      <p className="mb-4 has-text-grey-dark" data-testid="test-result-weighting">
        {t('mcTest.result.weighting')}
      </p>
      <ol className="test-review">
        {review.questions.map((question) => (
          <li
            key={question.id}
            className="mb-2"
            data-testid="test-review-item"
            data-right={question.right ? 'true' : 'false'}
          >
            <span className={`tag mr-2 ${question.right ? 'is-success' : 'is-danger'}`}>
              {question.right ? t('mcTest.result.right') : t('mcTest.result.wrong')}
            </span>
            <ServerHtml html={question.label} className="is-inline-block test-review-label" />
          </li>
        ))}
      </ol>
    </div>
  );
}
