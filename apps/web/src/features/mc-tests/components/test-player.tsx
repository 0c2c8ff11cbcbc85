import type { AssignedTestDto, RunQuestion, StartedRun, StopResult } from '@elearn/shared';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ServerHtml } from '@/components/html-content';
import { Button, ButtonLink } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Notification } from '@/components/ui/notification';
import { useLocale } from '@/hooks/use-locale';
import { isApiError } from '@/lib/api-client';
import { saveAnswer } from '../api/save-answer';
import { useStartTest } from '../api/start-test';
import { useStopTest } from '../api/stop-test';
import { formatPercent } from '../format';
import { mcTestPaths } from '../tabs';
import { formatRemaining, useCountdown } from './run-clock';
import { RunResult } from './run-result';
import { type Choices, forgetChoices, loadChoices, saveChoices, validChoices } from './run-storage';
import { TestFacts } from './test-facts';
import { reviewPending, windowBlock } from './test-window';
import '../mc-tests.css';

export interface TestPlayerProps {
  testId: number;
  /** What the caller knows about the test beforehand (from the assigned list), if anything. */
  info?: AssignedTestDto | null;
}

type Phase =
  | { name: 'intro' }
  | { name: 'running'; run: StartedRun }
  | { name: 'done'; run: StartedRun; result: StopResult };

/**
 * One test run: start (or resume) it, answer every question (one at a time, with progress and
 * an overview to jump to any question), confirm the submission, then the result of the mode.
 */
export function TestPlayer({ testId, info }: TestPlayerProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const [phase, setPhase] = useState<Phase>({ name: 'intro' });
  const start = useStartTest();
  const [startError, setStartError] = useState<string | null>(null);

  const onStart = () => {
    setStartError(null);
    start.mutate(testId, {
      onSuccess: (run) => setPhase({ name: 'running', run }),
      onError: (error) => setStartError(error.message),
    });
  };

  if (phase.name === 'running') {
    return (
      <RunningTest
        key={phase.run.user_graduate_id}
        run={phase.run}
        onDone={(result) => setPhase({ name: 'done', run: phase.run, result })}
      />
    );
  }
  if (phase.name === 'done') {
    return (
      <RunResult
        label={phase.run.mc_test.label}
        result={phase.result}
        pending={reviewPending(info, t, locale)}
        onAgain={
          phase.result.mode === 'practice'
            ? () => {
                setPhase({ name: 'intro' });
                onStart();
              }
            : undefined
        }
      />
    );
  }

  const resumable = info?.open_run_id != null;
  const blocked = info ? !info.can_start : false;
  const outside = info ? windowBlock(info, t, locale) : null;
  return (
    <section className="box test-intro" aria-labelledby="test-intro-title" data-testid="test-intro">
      <h1 className="title is-4" id="test-intro-title">
        {info?.label ?? t('mcTest.player.title')}
      </h1>
      {info ? <TestFacts test={info} /> : null}
      <div className="content">
        <p>{info?.mode === 'practice' ? t('mcTest.player.introPractice') : t('mcTest.player.introExam')}</p>
        <p>{t('mcTest.player.introRule')}</p>
      </div>
      {startError ? (
        <Notification variant="danger" role="alert">
          <span data-testid="test-start-error">{startError}</span>
        </Notification>
      ) : null}
      {blocked && !resumable && outside ? (
        <Notification variant="warning" role="status">
          <span data-testid="test-window-closed">{outside}</span>
        </Notification>
      ) : blocked && !resumable ? (
        <Notification variant="warning" role="status">
          <span data-testid="test-no-runs-left">{t('mcTest.player.noRunsLeft')}</span>
        </Notification>
      ) : (
        <Button
          variant="primary"
          size="medium"
          onClick={onStart}
          isLoading={start.isPending}
          data-testid="test-start"
        >
          {resumable ? t('mcTest.player.resume') : t('mcTest.player.start')}
        </Button>
      )}
    </section>
  );
}

/** how long the player waits after the last click before it saves a question's answers */
export const SAVE_DEBOUNCE_MS = 600;

/** the answers the server saved, as choices */
const savedChoices = (run: StartedRun): Choices =>
  Object.fromEntries(run.answers.map((a) => [a.question_id, a.answer_ids]));

/**
 * The answers are saved on the server as they are given (debounced per run, issue 37 item 2): a
 * closed tab or another device resumes with them. Choices of this tab not saved yet (a reload
 * within the debounce) win over the server's and are saved at once.
 */
function useSavedChoices(run: StartedRun) {
  const runId = run.user_graduate_id;
  const [choices, setChoices] = useState<Choices>(() =>
    validChoices({ ...savedChoices(run), ...loadChoices(runId) }, run.questions),
  );
  const latest = useRef(choices);
  latest.current = choices;
  const pending = useRef(new Set<number>());
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const flush = useCallback(() => {
    clearTimeout(timer.current);
    for (const questionId of pending.current) {
      // a failed save (offline, time up) is not fatal: the stop carries every answer too
      saveAnswer(runId, questionId, latest.current[questionId] ?? []).catch(() => undefined);
    }
    pending.current.clear();
  }, [runId]);
  const schedule = useCallback(
    (questionId: number) => {
      pending.current.add(questionId);
      clearTimeout(timer.current);
      timer.current = setTimeout(flush, SAVE_DEBOUNCE_MS);
    },
    [flush],
  );
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, for the choices found at the start
  useEffect(() => {
    const server = savedChoices(run);
    for (const [question, picked] of Object.entries(latest.current)) {
      if (JSON.stringify(server[Number(question)] ?? []) !== JSON.stringify(picked))
        schedule(Number(question));
    }
    return flush;
  }, []);
  useEffect(() => saveChoices(runId, choices), [runId, choices]);
  return { choices, setChoices, schedule, flush };
}

function RunningTest({ run, onDone }: { run: StartedRun; onDone: (result: StopResult) => void }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const runId = run.user_graduate_id;
  const questions = run.questions;
  const { choices, setChoices, schedule, flush } = useSavedChoices(run);
  const left = useCountdown(run.deadline, run.now);
  const autoSubmitted = useRef(false);
  const [index, setIndex] = useState(0);
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [finishedElsewhere, setFinishedElsewhere] = useState(false);
  const stop = useStopTest();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const firstRender = useRef(true);

  // moving to another question puts the focus on its heading (screen readers read it out)
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs whenever the question changes
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    headingRef.current?.focus();
  }, [index]);

  // the time is up on the server's clock: the player submits itself, without asking
  // biome-ignore lint/correctness/useExhaustiveDependencies: submit reads the current choices
  useEffect(() => {
    if (left === 0 && !autoSubmitted.current) {
      autoSubmitted.current = true;
      submit();
    }
  }, [left]);

  if (questions.length === 0) {
    return (
      <Notification variant="warning" role="status">
        {t('mcTest.player.noQuestions')}
      </Notification>
    );
  }

  const total = questions.length;
  const answered = questions.filter((q) => (choices[q.id]?.length ?? 0) > 0).length;
  const question = questions[Math.min(index, total - 1)]!;
  const last = index >= total - 1;

  const toggle = (questionId: number, answerId: number) => {
    setChoices((current) => {
      const picked = new Set(current[questionId] ?? []);
      if (picked.has(answerId)) picked.delete(answerId);
      else picked.add(answerId);
      return { ...current, [questionId]: [...picked] };
    });
    schedule(questionId);
  };

  function submit() {
    flush();
    setError(null);
    stop.mutate(
      {
        userGraduateId: runId,
        questions: questions.map((q) => ({ questionId: q.id, answerIds: choices[q.id] ?? [] })),
      },
      {
        onSuccess: (result) => {
          forgetChoices(runId);
          setConfirming(false);
          onDone(result);
        },
        onError: (failure) => {
          setConfirming(false);
          if (isApiError(failure) && failure.code === 'mc_test.run_already_stopped') {
            forgetChoices(runId);
            setFinishedElsewhere(true);
          }
          setError(failure.message);
        },
      },
    );
  }

  const percentDone = Math.round((answered / total) * 100);

  return (
    <section className="test-run" aria-labelledby="test-run-title" data-testid="test-run" data-run-id={runId}>
      <header className="mb-4">
        <h1 className="title is-4 mb-2" id="test-run-title">
          {run.mc_test.label}
        </h1>
        <p className="is-size-7 mb-1" data-testid="test-progress-text">
          {t('mcTest.player.progress', { answered, total })}
        </p>
        <progress
          className="progress is-primary is-small"
          value={answered}
          max={total}
          aria-label={t('mcTest.player.progressLabel')}
          aria-valuetext={t('mcTest.player.progress', { answered, total })}
          data-testid="test-progress"
        >
          {formatPercent(percentDone, locale)}
        </progress>
        {left !== null ? (
          <p
            className={`test-countdown is-size-5 has-text-weight-semibold mb-2${left < 60_000 ? ' has-text-danger' : ''}`}
            data-testid="test-countdown"
          >
            {t('mcTest.player.timeLeft')}{' '}
            <span role="timer" aria-live="off" data-testid="test-countdown-value">
              {formatRemaining(left)}
            </span>
          </p>
        ) : null}
        {left === 0 ? (
          <Notification variant="warning" role="alert">
            <span data-testid="test-time-up">{t('mcTest.player.timeUp')}</span>
          </Notification>
        ) : null}
        {run.resumed ? (
          <Notification variant="info" role="status">
            {t('mcTest.player.resumed')}
          </Notification>
        ) : null}
      </header>

      <nav className="test-question-nav mb-4" aria-label={t('mcTest.player.overview')}>
        <ul className="buttons">
          {questions.map((q, position) => {
            const done = (choices[q.id]?.length ?? 0) > 0;
            return (
              <li key={q.id}>
                <Button
                  size="small"
                  variant={position === index ? 'primary' : done ? 'success' : undefined}
                  outlined={position !== index && done}
                  aria-current={position === index ? 'step' : undefined}
                  aria-label={t(done ? 'mcTest.player.jumpAnswered' : 'mcTest.player.jumpOpen', {
                    number: position + 1,
                  })}
                  onClick={() => setIndex(position)}
                  data-testid="test-jump"
                  data-answered={done ? 'true' : 'false'}
                >
                  {position + 1}
                </Button>
              </li>
            );
          })}
        </ul>
      </nav>

      <QuestionCard
        key={question.id}
        question={question}
        number={index + 1}
        total={total}
        picked={choices[question.id] ?? []}
        onToggle={(answerId) => toggle(question.id, answerId)}
        headingRef={headingRef}
      />

      {error ? (
        <Notification variant="danger" role="alert">
          <span data-testid="test-stop-error">{error}</span>
          {finishedElsewhere ? (
            <>
              {' '}
              <ButtonLink to={mcTestPaths.history} size="small" variant="light">
                {t('mcTest.player.toHistory')}
              </ButtonLink>
            </>
          ) : null}
        </Notification>
      ) : null}

      <div className="buttons is-justify-content-space-between mt-4">
        <Button
          onClick={() => setIndex((i) => Math.max(0, i - 1))}
          disabled={index === 0}
          data-testid="test-prev"
        >
          {t('mcTest.player.previous')}
        </Button>
        {last ? null : (
          <Button onClick={() => setIndex((i) => Math.min(total - 1, i + 1))} data-testid="test-next">
            {t('mcTest.player.next')}
          </Button>
        )}
        <Button
          variant="primary"
          onClick={() => setConfirming(true)}
          disabled={finishedElsewhere}
          data-testid="test-submit"
        >
          {t('mcTest.player.submit')}
        </Button>
      </div>

      <ConfirmDialog
        open={confirming}
        title={t('mcTest.player.confirmTitle')}
        confirmLabel={t('mcTest.player.confirmSubmit')}
        variant="primary"
        busy={stop.isPending}
        onConfirm={submit}
        onCancel={() => setConfirming(false)}
      >
        <p data-testid="test-confirm-text">{t('mcTest.player.confirmText', { answered, total })}</p>
        {answered < total ? (
          <p className="has-text-danger mt-2" data-testid="test-confirm-unanswered">
            {t('mcTest.player.confirmUnanswered', { count: total - answered })}
          </p>
        ) : null}
      </ConfirmDialog>
    </section>
  );
}

function QuestionCard({
  question,
  number,
  total,
  picked,
  onToggle,
  headingRef,
}: {
  question: RunQuestion;
  number: number;
  total: number;
  picked: number[];
  onToggle: (answerId: number) => void;
  headingRef: React.RefObject<HTMLHeadingElement | null>;
}) {
  const { t } = useTranslation();
  const groupId = `q${useId().replace(/:/g, '')}`;
  return (
    <fieldset className="box test-question" data-testid="test-question" data-question-id={question.id}>
      <legend className="is-sr-only">{t('mcTest.player.questionOf', { number, total })}</legend>
      <h2 className="title is-6 mb-2" id={`${groupId}-title`} tabIndex={-1} ref={headingRef}>
        {t('mcTest.player.questionOf', { number, total })}
        {question.points ? (
          <span className="tag is-info is-light ml-2" data-testid="test-question-points">
            {t('mcTest.points', { count: question.points })}
          </span>
        ) : null}
      </h2>
      <ServerHtml html={question.label} className="mb-3" testId="test-question-label" />
      <p className="help mb-2">{t('mcTest.player.chooseHint')}</p>
      <ul className="test-answers">
        {question.answers.map((answer) => {
          const id = `${groupId}-a${answer.id}`;
          return (
            <li key={answer.id} className="mb-2">
              <label className="checkbox test-answer" htmlFor={id}>
                <input
                  id={id}
                  type="checkbox"
                  className="mr-2"
                  checked={picked.includes(answer.id)}
                  onChange={() => onToggle(answer.id)}
                  data-testid="test-answer"
                  data-answer-id={answer.id}
                />
                {answer.label}
              </label>
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}
