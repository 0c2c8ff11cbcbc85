import type { RunReview, StopResult } from '@elearn/shared';
import { useTranslation } from 'react-i18next';
import { ServerHtml } from '@/components/html-content';
import { Button, ButtonLink } from '@/components/ui/button';
import { useLocale } from '@/hooks/use-locale';
import { formatPercent } from '../format';
import { mcTestPaths } from '../tabs';
import '../mc-tests.css';

/**
 * The result page of a run: passed or not and the achieved percent; and as the test's review
 * policy allows (issue 37 item 5; by default nothing more for an exam, everything for practice)
 * per question whether it was answered right and the learner's choice, or also the correct
 * answers and the author's explanations (issue 36 item 4).
 */
export function RunResult({
  label,
  result,
  pending,
  onAgain,
}: {
  label: string;
  result: StopResult;
  /** why the review is not shown yet (the test's review policy; issue 37 item 5) */
  pending?: string | null;
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
      {result.result ? (
        <ReviewList review={result.result} />
      ) : (
        <>
          <p className="mb-2 has-text-grey" data-testid="test-result-exam-note">
            {pending ?? (result.mode === 'exam' ? t('mcTest.result.examNote') : t('mcTest.result.scoreOnly'))}
          </p>
          <p className="mb-4 has-text-grey-dark" data-testid="test-result-weighting">
            {t('mcTest.result.weighting')}
          </p>
        </>
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

type ReviewQuestion = RunReview['questions'][number];

/** One answer of a reviewed question: ticked or not, correct or not, and its explanation. */
function ReviewAnswer({ answer }: { answer: ReviewQuestion['answers'][number] }) {
  const { t } = useTranslation();
  return (
    <li
      className="test-review-answer"
      data-testid="test-review-answer"
      data-chosen={answer.chosen ? 'true' : 'false'}
      data-correct={answer.correct === null ? 'hidden' : answer.correct ? 'true' : 'false'}
    >
      <span className="test-review-answer-marks">
        <span className={`tag is-small mr-1 ${answer.chosen ? 'is-dark' : 'is-white'}`}>
          {answer.chosen ? t('mcTest.result.chosen') : t('mcTest.result.notChosen')}
        </span>
        {/* a review of rightness only does not tell which answers are correct */}
        {answer.correct === null ? null : (
          <span className={`tag is-small mr-2 ${answer.correct ? 'is-success is-light' : 'is-light'}`}>
            {answer.correct ? t('mcTest.result.correct') : t('mcTest.result.incorrect')}
          </span>
        )}
      </span>
      <span className="test-review-answer-label">{answer.label}</span>
      {answer.explanation ? (
        <ServerHtml
          html={answer.explanation}
          className="content is-small test-review-explanation"
          testId="test-review-answer-explanation"
        />
      ) : null}
    </li>
  );
}

/** One question of a practice review: right or wrong, points, the answers and the explanation. */
function ReviewItem({ question }: { question: ReviewQuestion }) {
  const { t } = useTranslation();
  return (
    <li className="mb-4" data-testid="test-review-item" data-right={question.right ? 'true' : 'false'}>
      <span className={`tag mr-2 ${question.right ? 'is-success' : 'is-danger'}`}>
        {question.right ? t('mcTest.result.right') : t('mcTest.result.wrong')}
      </span>
      <ServerHtml html={question.label} className="is-inline-block test-review-label" />
      {question.points !== null ? (
        <span className="tag is-light ml-2" data-testid="test-review-points">
          {t('mcTest.result.pointsN', { count: question.points })}
        </span>
      ) : null}
      {question.answers.length > 0 ? (
        <ul className="test-review-answers" aria-label={t('mcTest.result.yourChoice')}>
          {question.answers.map((answer) => (
            <ReviewAnswer key={answer.id} answer={answer} />
          ))}
        </ul>
      ) : null}
      {question.explanation ? (
        <div className="test-review-question-explanation" data-testid="test-review-explanation">
          <p className="has-text-weight-semibold is-size-7">{t('mcTest.result.explanation')}</p>
          <ServerHtml html={question.explanation} className="content is-small" />
        </div>
      ) : null}
    </li>
  );
}

/**
 * Practice runs: every question with right or wrong, what the learner ticked, which answers are
 * correct and the explanations (as the run's snapshot holds them).
 */
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
          <ReviewItem key={question.id} question={question} />
        ))}
      </ol>
    </div>
  );
}
