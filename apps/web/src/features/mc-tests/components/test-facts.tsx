import type { McTestMode } from '@elearn/shared';
import { useTranslation } from 'react-i18next';
import { useLocale } from '@/hooks/use-locale';
import { formatPercent } from '../format';
import { WindowFacts, type WindowInfo } from './test-window';
import '../mc-tests.css';

/** The mode of a test as a tag. */
export function ModeTag({ mode }: { mode: McTestMode }) {
  const { t } = useTranslation();
  return (
    <span className={`tag ${mode === 'exam' ? 'is-warning' : 'is-info'} is-light`} data-testid="test-mode">
      {mode === 'exam' ? t('mcTest.mode.exam') : t('mcTest.mode.practice')}
    </span>
  );
}

interface FactsTest {
  mode: McTestMode;
  percent_to_accomplish: number;
  questions_count: number;
  /** minutes a run may take (issue 37); null or absent: no limit */
  time_limit_minutes?: number | null;
  runs_used?: number;
  runs_allowed?: number | null;
  best_percent?: number | null;
}

/**
 * Mode, threshold, number of questions, the time limit, the window and the review policy, and
 * (for the student) runs used / left.
 */
export function TestFacts({ test }: { test: FactsTest & WindowInfo }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const runsLeft =
    test.runs_allowed != null && test.runs_used != null
      ? Math.max(0, test.runs_allowed - test.runs_used)
      : null;
  return (
    <dl className="test-facts mb-4" data-testid="test-facts">
      <div>
        <dt>{t('mcTest.facts.mode')}</dt>
        <dd>
          <ModeTag mode={test.mode} />
        </dd>
      </div>
      <div>
        <dt>{t('mcTest.facts.threshold')}</dt>
        <dd data-testid="test-threshold">{formatPercent(test.percent_to_accomplish, locale)}</dd>
      </div>
      <div>
        <dt>{t('mcTest.facts.questions')}</dt>
        <dd>{test.questions_count}</dd>
      </div>
      {test.time_limit_minutes != null ? (
        <div>
          <dt>{t('mcTest.facts.timeLimit')}</dt>
          <dd data-testid="test-time-limit">
            {t('mcTest.facts.minutes', { count: test.time_limit_minutes })}
          </dd>
        </div>
      ) : null}
      <WindowFacts test={test} />
      {test.runs_used != null ? (
        <div>
          <dt>{t('mcTest.facts.runs')}</dt>
          <dd data-testid="test-runs">
            {runsLeft === null
              ? t('mcTest.facts.runsUnlimited', { used: test.runs_used })
              : t('mcTest.facts.runsLeft', { used: test.runs_used, left: runsLeft })}
          </dd>
        </div>
      ) : null}
      {test.best_percent != null ? (
        <div>
          <dt>{t('mcTest.facts.best')}</dt>
          <dd data-testid="test-best">{formatPercent(test.best_percent, locale)}</dd>
        </div>
      ) : null}
    </dl>
  );
}
