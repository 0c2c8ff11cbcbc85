import {
  ANSWERS_PER_QUESTION_MAX,
  type AnswerDto,
  answerLabel,
  explanation,
  type QuestionDto,
} from '@elearn/shared';
import { type FormEvent, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ServerHtml } from '@/components/html-content';
import { RichTextField } from '@/components/rich-text-editor';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { FormError, InputField, useFieldMessage } from '@/components/ui/field';
import { applyServerErrors } from '@/lib/form-errors';
import { formResolver } from '@/lib/form-resolver';
import { notify } from '@/lib/notifications';
import { useCreateAnswer } from '../api/create-answer';
import { useDeleteAnswer } from '../api/delete-answer';
import { useDeleteQuestion } from '../api/delete-question';
import { useUpdateAnswer } from '../api/update-answer';
import { useUpdateQuestion } from '../api/update-question';
import { plainText, shorten } from '../format';
import { type QuestionEditInput, type QuestionEditOutput, questionEditSchema } from './form-schemas';
import { CategoryPath } from './question-exchange';
import '../mc-tests.css';

/** The first message of an answer label check (encoded key), or undefined when valid. */
function answerLabelError(text: string): string | undefined {
  const result = answerLabel().safeParse(text);
  return result.success ? undefined : result.error.issues[0]?.message;
}

function InlineError({ message, id }: { message?: string | null; id?: string }) {
  const text = useFieldMessage(message ?? undefined);
  if (!text) return null;
  return (
    <p className="help is-danger" role="alert" id={id}>
      {text}
    </p>
  );
}

/** An answer's explanation (rich text, shown after a practice run), edited behind a toggle. */
function AnswerExplanation({ answer, number }: { answer: AnswerDto; number: number }) {
  const { t } = useTranslation();
  const update = useUpdateAnswer();
  const [text, setText] = useState(answer.explanation ?? '');
  const [error, setError] = useState<string | null>(null);
  const dirty = text !== (answer.explanation ?? '');
  const save = () => {
    const invalid = explanation().safeParse(text);
    if (!invalid.success) {
      setError(invalid.error.issues[0]?.message ?? null);
      return;
    }
    setError(null);
    update.mutate(
      { id: answer.id, explanation: text || null },
      {
        onSuccess: (saved) => {
          setText(saved.explanation ?? '');
          notify('success', t('mcTest.pool.explanationSaved'));
        },
        onError: (failure) => setError(failure.message),
      },
    );
  };
  return (
    <details className="pool-answer-explanation" data-testid="pool-answer-explanation">
      <summary>
        {t('mcTest.question.answerExplanationToggle', { number })}
        {answer.explanation ? null : ` (${t('mcTest.pool.noExplanation')})`}
      </summary>
      <RichTextField
        label={t('mcTest.question.answerExplanation', { number })}
        value={text}
        onChange={setText}
        error={error ?? undefined}
        id={`answer-${answer.id}-explanation`}
        testId="pool-answer-explanation-text"
      />
      <Button
        size="small"
        variant="primary"
        outlined
        disabled={!dirty}
        isLoading={update.isPending && dirty}
        onClick={save}
        aria-label={t('mcTest.pool.saveExplanation', { number })}
        data-testid="pool-answer-explanation-save"
      >
        {t('mcTest.pool.save')}
      </Button>
    </details>
  );
}

/** One answer, edited in place: its text (saved with a button), its correct mark (saved at once), delete. */
function AnswerRow({ answer, number }: { answer: AnswerDto; number: number }) {
  const { t } = useTranslation();
  const update = useUpdateAnswer();
  const remove = useDeleteAnswer();
  const [label, setLabel] = useState(answer.label);
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const dirty = label !== answer.label;
  const inputId = `answer-${answer.id}`;

  const save = (event: FormEvent) => {
    event.preventDefault();
    const invalid = answerLabelError(label);
    if (invalid) {
      setError(invalid);
      return;
    }
    setError(null);
    update.mutate(
      { id: answer.id, label: label.trim() },
      {
        onSuccess: (saved) => {
          setLabel(saved.label);
          notify('success', t('mcTest.pool.answerSaved'));
        },
        onError: (failure) => setError(failure.message),
      },
    );
  };

  return (
    <li data-testid="pool-answer" data-answer-id={answer.id} data-correct={answer.correct ? 'true' : 'false'}>
      <form className="pool-answer-row" onSubmit={save} noValidate>
        <div className="pool-answer-label">
          <label className="is-sr-only" htmlFor={inputId}>
            {t('mcTest.question.answerN', { number })}
          </label>
          <input
            id={inputId}
            className={['input is-small', error && 'is-danger'].filter(Boolean).join(' ')}
            value={label}
            maxLength={1000}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${inputId}-error` : undefined}
            onChange={(event) => setLabel(event.target.value)}
            data-testid="pool-answer-label"
          />
          <InlineError message={error} id={`${inputId}-error`} />
        </div>
        <label className="checkbox" htmlFor={`${inputId}-correct`}>
          <input
            id={`${inputId}-correct`}
            type="checkbox"
            className="mr-1"
            checked={answer.correct}
            disabled={update.isPending}
            onChange={(event) =>
              update.mutate(
                { id: answer.id, correct: event.target.checked },
                { onError: (failure) => notify('danger', failure.message) },
              )
            }
            data-testid="pool-answer-correct"
          />
          {t('mcTest.question.correct')}
        </label>
        <Button
          type="submit"
          size="small"
          variant="primary"
          outlined
          disabled={!dirty}
          isLoading={update.isPending && dirty}
          data-testid="pool-answer-save"
        >
          {t('mcTest.pool.save')}
        </Button>
        <Button
          size="small"
          variant="danger"
          outlined
          onClick={() => setConfirming(true)}
          aria-label={t('mcTest.question.deleteAnswerN', { number })}
          data-testid="pool-answer-delete"
        >
          {t('common.delete')}
        </Button>
      </form>
      <AnswerExplanation answer={answer} number={number} />
      <ConfirmDialog
        open={confirming}
        title={t('mcTest.pool.deleteAnswerTitle')}
        confirmLabel={t('common.delete')}
        busy={remove.isPending}
        error={remove.error?.message}
        onConfirm={() =>
          remove.mutate(answer.id, {
            onSuccess: () => {
              setConfirming(false);
              notify('success', t('mcTest.pool.answerDeleted'));
            },
          })
        }
        onCancel={() => {
          remove.reset();
          setConfirming(false);
        }}
      >
        <p>{t('mcTest.pool.deleteAnswerConfirm', { label: answer.label })}</p>
      </ConfirmDialog>
    </li>
  );
}

/** "Add answer": a text and its correct mark (`POST /api/answers/new`). */
function NewAnswer({ question }: { question: QuestionDto }) {
  const { t } = useTranslation();
  const create = useCreateAnswer();
  const [label, setLabel] = useState('');
  const [correct, setCorrect] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const inputId = `new-answer-${question.id}`;
  const full = question.answers.length >= ANSWERS_PER_QUESTION_MAX;

  const add = (event: FormEvent) => {
    event.preventDefault();
    const invalid = answerLabelError(label);
    if (invalid) {
      setError(invalid);
      return;
    }
    setError(null);
    create.mutate(
      { question_id: question.id, label: label.trim(), correct },
      {
        onSuccess: () => {
          setLabel('');
          setCorrect(false);
        },
        onError: (failure) => setError(failure.message),
      },
    );
  };

  return (
    <form className="pool-answer-row mt-2" onSubmit={add} noValidate data-testid="pool-new-answer">
      <div className="pool-answer-label">
        <label className="is-sr-only" htmlFor={inputId}>
          {t('mcTest.pool.newAnswer')}
        </label>
        <input
          id={inputId}
          className={['input is-small', error && 'is-danger'].filter(Boolean).join(' ')}
          value={label}
          placeholder={t('mcTest.pool.newAnswer')}
          maxLength={1000}
          disabled={full}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${inputId}-error` : undefined}
          onChange={(event) => setLabel(event.target.value)}
          data-testid="pool-new-answer-label"
        />
        <InlineError message={error} id={`${inputId}-error`} />
      </div>
      <label className="checkbox" htmlFor={`${inputId}-correct`}>
        <input
          id={`${inputId}-correct`}
          type="checkbox"
          className="mr-1"
          checked={correct}
          disabled={full}
          onChange={(event) => setCorrect(event.target.checked)}
          data-testid="pool-new-answer-correct"
        />
        {t('mcTest.question.correct')}
      </label>
      <Button
        type="submit"
        size="small"
        variant="primary"
        disabled={full}
        isLoading={create.isPending}
        data-testid="pool-new-answer-add"
      >
        {t('mcTest.question.addAnswer')}
      </Button>
    </form>
  );
}

/** Text and points of a question, edited in place (`PATCH /api/questions/update`). */
function QuestionEdit({ question, onDone }: { question: QuestionDto; onDone: () => void }) {
  const { t } = useTranslation();
  const update = useUpdateQuestion();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<QuestionEditInput, unknown, QuestionEditOutput>({
    resolver: formResolver(questionEditSchema),
    defaultValues: {
      label: question.label,
      points: question.points === null ? '' : String(question.points),
      explanation: question.explanation ?? '',
      category: question.category ?? '',
    },
  });
  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      await update.mutateAsync({
        id: question.id,
        label: values.label,
        points: values.points,
        explanation: values.explanation || null,
        category: values.category,
      });
      notify('success', t('mcTest.pool.questionSaved'));
      onDone();
    } catch (error) {
      setFormError(applyServerErrors(error, setError, ['label', 'points', 'explanation', 'category']));
    }
  });
  return (
    <form onSubmit={onSubmit} noValidate className="mb-3" data-testid="pool-question-edit">
      <FormError message={formError} />
      <Controller
        control={control}
        name="label"
        render={({ field, fieldState }) => (
          <RichTextField
            label={t('mcTest.question.label')}
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            error={fieldState.error?.message}
            id={`question-${question.id}-label`}
            testId="pool-question-label"
          />
        )}
      />
      <InputField
        label={t('mcTest.question.points')}
        id={`question-${question.id}-points`}
        registration={register('points')}
        error={errors.points?.message}
        help={t('mcTest.question.pointsHelp')}
        inputMode="numeric"
        data-testid="pool-question-points"
      />
      <InputField
        label={t('mcTest.pool.category')}
        id={`question-${question.id}-category`}
        registration={register('category')}
        error={errors.category?.message}
        help={t('mcTest.pool.categoryHelp')}
        maxLength={255}
        data-testid="pool-question-category"
      />
      <Controller
        control={control}
        name="explanation"
        render={({ field, fieldState }) => (
          <RichTextField
            label={t('mcTest.question.explanation')}
            help={t('mcTest.question.explanationHelp')}
            value={field.value ?? ''}
            onChange={field.onChange}
            onBlur={field.onBlur}
            error={fieldState.error?.message}
            id={`question-${question.id}-explanation`}
            testId="pool-question-explanation"
          />
        )}
      />
      <div className="buttons">
        <Button
          type="submit"
          variant="primary"
          size="small"
          isLoading={isSubmitting}
          data-testid="pool-question-save"
        >
          {t('mcTest.pool.save')}
        </Button>
        <Button size="small" onClick={onDone} data-testid="pool-question-cancel">
          {t('common.cancel')}
        </Button>
      </div>
    </form>
  );
}

/**
 * One question of the pool with everything editable in place: text and points, answers (text,
 * correct mark, add, delete) and the question itself (delete, after a confirmation).
 */
export function PoolQuestion({ question }: { question: QuestionDto }) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const remove = useDeleteQuestion();
  const title = shorten(plainText(question.label), 60);
  const correct = question.answers.filter((answer) => answer.correct).length;

  return (
    <article className="box pool-question" data-testid="pool-question" data-question-id={question.id}>
      <div className="is-flex is-justify-content-space-between is-align-items-flex-start is-flex-wrap-wrap">
        <div className="tags mb-2">
          {question.points !== null ? (
            <span className="tag is-info is-light" data-testid="pool-question-points-tag">
              {t('mcTest.points', { count: question.points })}
            </span>
          ) : (
            <span className="tag is-light">{t('mcTest.pool.noPoints')}</span>
          )}
          <span
            className={`tag is-light ${correct === 0 ? 'is-warning' : ''}`}
            data-testid="pool-question-correct-count"
          >
            {t('mcTest.pool.correctCount', { count: correct, total: question.answers.length })}
          </span>
          {question.category ? <CategoryPath path={question.category} /> : null}
          {question.mc_tests.map((test) => (
            <span key={test.id} className="tag is-primary is-light">
              {test.label}
            </span>
          ))}
        </div>
        <div className="buttons are-small">
          {editing ? null : (
            <Button
              size="small"
              onClick={() => setEditing(true)}
              aria-label={t('mcTest.pool.editQuestion', { label: title })}
              data-testid="pool-question-edit-toggle"
            >
              {t('mcTest.pool.edit')}
            </Button>
          )}
          <Button
            size="small"
            variant="danger"
            outlined
            onClick={() => setConfirming(true)}
            aria-label={t('mcTest.pool.deleteQuestion', { label: title })}
            data-testid="pool-question-delete"
          >
            {t('common.delete')}
          </Button>
        </div>
      </div>
      {editing ? (
        <QuestionEdit question={question} onDone={() => setEditing(false)} />
      ) : (
        <>
          <ServerHtml html={question.label} className="pool-question-text mb-3" testId="pool-question-text" />
          {question.explanation ? (
            <div className="mb-3 test-review-question-explanation">
              <p className="has-text-weight-semibold is-size-7">{t('mcTest.pool.explanation')}</p>
              <ServerHtml
                html={question.explanation}
                className="content is-small"
                testId="pool-question-explanation-text"
              />
            </div>
          ) : null}
        </>
      )}
      <p className="has-text-weight-semibold is-size-7 mb-1">{t('mcTest.question.answers')}</p>
      {question.answers.length === 0 ? (
        <p className="has-text-grey is-size-7">{t('mcTest.question.noAnswers')}</p>
      ) : (
        <ul>
          {question.answers.map((answer, index) => (
            <AnswerRow key={`${answer.id}:${answer.label}`} answer={answer} number={index + 1} />
          ))}
        </ul>
      )}
      <NewAnswer question={question} />
      <ConfirmDialog
        open={confirming}
        title={t('mcTest.pool.deleteQuestionTitle')}
        confirmLabel={t('common.delete')}
        busy={remove.isPending}
        error={remove.error?.message}
        onConfirm={() =>
          remove.mutate(question.id, {
            onSuccess: () => {
              setConfirming(false);
              notify('success', t('mcTest.pool.questionDeleted'));
            },
          })
        }
        onCancel={() => {
          remove.reset();
          setConfirming(false);
        }}
      >
        <p>{t('mcTest.pool.deleteQuestionConfirm', { label: title })}</p>
        {question.mc_tests.length > 0 ? (
          <p className="mt-2" data-testid="pool-question-in-tests">
            {t('mcTest.pool.deleteQuestionInTests', {
              tests: question.mc_tests.map((test) => test.label).join(', '),
            })}
          </p>
        ) : null}
      </ConfirmDialog>
    </article>
  );
}
