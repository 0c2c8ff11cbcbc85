import type { AssignedTestDto } from '@elearn/shared';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useLocale } from '@/hooks/use-locale';
import type { Locale } from '@/lib/locale';
import { formatDateTime } from '../format';

/** what a learner's page knows of a test's window and review policy (issue 37 items 4 and 5) */
export type WindowInfo = Partial<Pick<AssignedTestDto, 'opens_at' | 'closes_at' | 'window' | 'review'>>;

/**
 * The window of a test as rows of its facts: "opens on …" before it, "open until …" in it,
 * "closed since …" after it (Zurich time, like every moment the app shows); and what the learner
 * will see of a finished run, and from when on.
 */
export function WindowFacts({ test }: { test: WindowInfo }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const moment = (iso: string) => formatDateTime(iso, locale);
  let window: string | null = null;
  if (test.window === 'not_yet_open' && test.opens_at)
    window = t('mcTest.facts.opensOn', { at: moment(test.opens_at) });
  else if (test.window === 'closed' && test.closes_at)
    window = t('mcTest.facts.closedSince', { at: moment(test.closes_at) });
  else if (test.closes_at) window = t('mcTest.facts.openUntil', { at: moment(test.closes_at) });
  return (
    <>
      {window ? (
        <div>
          <dt>{t('mcTest.facts.window')}</dt>
          <dd data-testid="test-window" data-window={test.window ?? 'open'}>
            {window}
          </dd>
        </div>
      ) : null}
      {test.review ? (
        <div>
          <dt>{t('mcTest.facts.review')}</dt>
          <dd
            data-testid="test-review-policy"
            data-content={test.review.content}
            data-when={test.review.when}
          >
            {t(`mcTest.facts.reviewContent.${test.review.content}`)}
            {test.review.content !== 'score' && test.review.when !== 'immediately'
              ? ` ${t(`mcTest.facts.reviewWhen.${test.review.when}`)}`
              : null}
          </dd>
        </div>
      ) : null}
    </>
  );
}

/** why a run cannot start now: the window has not opened yet, or has closed */
export function windowBlock(test: WindowInfo, t: TFunction, locale: Locale) {
  if (test.window === 'not_yet_open' && test.opens_at) {
    return t('mcTest.player.notOpenYet', { at: formatDateTime(test.opens_at, locale) });
  }
  if (test.window === 'closed' && test.closes_at) {
    return t('mcTest.player.closed', { at: formatDateTime(test.closes_at, locale) });
  }
  return null;
}

/** why a finished run shows no review yet: the policy shows it after passing, or after the close */
export function reviewPending(test: WindowInfo | null | undefined, t: TFunction, locale: Locale) {
  if (!test?.review || test.review.content === 'score') return null;
  if (test.review.when === 'after_passing') return t('mcTest.player.reviewAfterPassing');
  if (test.review.when === 'after_close' && test.closes_at) {
    return t('mcTest.player.reviewAfterClose', { at: formatDateTime(test.closes_at, locale) });
  }
  return null;
}
