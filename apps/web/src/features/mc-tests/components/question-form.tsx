import { ANSWERS_PER_QUESTION_MAX, type QuestionDto } from '@elearn/shared';
import { useState } from 'react';
import { Controller, useFieldArray, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { RichTextField } from '@/components/rich-text-editor';
import { Button } from '@/components/ui/button';
import { FormError, InputField, useFieldMessage } from '@/components/ui/field';
import { Notification } from '@/components/ui/notification';
import { applyServerErrors } from '@/lib/form-errors';
import { formResolver } from '@/lib/form-resolver';
import { useCreateQuestion } from '../api/create-question';
import { type QuestionFormInput, type QuestionFormOutput, questionFormSchema } from './form-schemas';
import '../mc-tests.css';

const EMPTY: QuestionFormInput = {
  label: '',
  points: '',
  explanation: '',
  category: '',
  answers: [
    { label: '', correct: false, explanation: '' },
    { label: '', correct: false, explanation: '' },
  ],
};

function AnswerError({ message }: { message?: string }) {
  const text = useFieldMessage(message);
  if (!text) return null;
  return (
    <p className="help is-danger" role="alert">
      {text}
    </p>
  );
}

/**
 * A new question with its answers: text (rich text), optional points, answers with their
 * correct marks (`POST /api/questions`). With `mcTestId` the question goes straight into that
 * test (`/mcTest/{id}/new`).
 */
export function QuestionForm({
  mcTestId,
  onCreated,
}: {
  mcTestId?: number;
  onCreated?: (question: QuestionDto) => void;
}) {
  const { t } = useTranslation();
  const create = useCreateQuestion();
  const [formError, setFormError] = useState<string | null>(null);
  const [created, setCreated] = useState(false);
  const {
    register,
    control,
    handleSubmit,
    setError,
    reset,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<QuestionFormInput, unknown, QuestionFormOutput>({
    resolver: formResolver(questionFormSchema),
    defaultValues: EMPTY,
  });
  const { fields, append, remove } = useFieldArray({ control, name: 'answers' });
  const answers = watch('answers');
  const noCorrect = answers.length > 0 && !answers.some((answer) => answer.correct);

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    setCreated(false);
    try {
      const question = await create.mutateAsync({
        label: values.label,
        points: values.points,
        explanation: values.explanation || null,
        category: values.category,
        answers: values.answers.map((answer) => ({ ...answer, explanation: answer.explanation || null })),
        ...(mcTestId ? { mcTestId } : {}),
      });
      reset(EMPTY);
      setCreated(true);
      onCreated?.(question);
    } catch (error) {
      setFormError(
        applyServerErrors(error, setError, ['label', 'points', 'explanation', 'category', 'answers']),
      );
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate data-testid="question-form">
      {created ? (
        <Notification variant="success" role="status" onClose={() => setCreated(false)}>
          {t('mcTest.question.created')}
        </Notification>
      ) : null}
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
            id="question-label"
            testId="question-label"
          />
        )}
      />
      <InputField
        label={t('mcTest.question.points')}
        id="question-points"
        registration={register('points')}
        error={errors.points?.message}
        help={t('mcTest.question.pointsHelp')}
        inputMode="numeric"
        className="question-points-input"
        data-testid="question-points"
      />
      <InputField
        label={t('mcTest.pool.category')}
        id="question-category"
        registration={register('category')}
        error={errors.category?.message}
        help={t('mcTest.pool.categoryHelp')}
        maxLength={255}
        data-testid="question-category"
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
            id="question-explanation"
            testId="question-explanation"
          />
        )}
      />
      <fieldset className="mb-4" data-testid="question-answers">
        <legend className="label">{t('mcTest.question.answers')}</legend>
        {fields.length === 0 ? <p className="has-text-grey mb-2">{t('mcTest.question.noAnswers')}</p> : null}
        {fields.map((field, index) => {
          const labelId = `question-answer-${index}`;
          const error = errors.answers?.[index]?.label?.message;
          return (
            <div key={field.id} className="pool-answer-row" data-testid="question-answer-row">
              <div className="pool-answer-label">
                <label className="is-sr-only" htmlFor={labelId}>
                  {t('mcTest.question.answerN', { number: index + 1 })}
                </label>
                <input
                  id={labelId}
                  className={['input', error && 'is-danger'].filter(Boolean).join(' ')}
                  placeholder={t('mcTest.question.answerN', { number: index + 1 })}
                  maxLength={1000}
                  aria-invalid={error ? true : undefined}
                  {...register(`answers.${index}.label`)}
                  data-testid="question-answer-label"
                />
                <AnswerError message={error} />
              </div>
              <label className="checkbox" htmlFor={`${labelId}-correct`}>
                <input
                  id={`${labelId}-correct`}
                  type="checkbox"
                  className="mr-1"
                  {...register(`answers.${index}.correct`)}
                  data-testid="question-answer-correct"
                />
                {t('mcTest.question.correct')}
              </label>
              <Button
                size="small"
                variant="text"
                onClick={() => remove(index)}
                aria-label={t('mcTest.question.removeAnswerN', { number: index + 1 })}
                data-testid="question-answer-remove"
              >
                {t('mcTest.question.removeAnswer')}
              </Button>
              <details className="pool-answer-explanation" data-testid="question-answer-explanation">
                <summary>{t('mcTest.question.answerExplanationToggle', { number: index + 1 })}</summary>
                <Controller
                  control={control}
                  name={`answers.${index}.explanation`}
                  render={({ field: input, fieldState }) => (
                    <RichTextField
                      label={t('mcTest.question.answerExplanation', { number: index + 1 })}
                      value={input.value ?? ''}
                      onChange={input.onChange}
                      onBlur={input.onBlur}
                      error={fieldState.error?.message}
                      id={`${labelId}-explanation`}
                      testId="question-answer-explanation-text"
                    />
                  )}
                />
              </details>
            </div>
          );
        })}
        <AnswerError message={errors.answers?.message ?? errors.answers?.root?.message} />
        <Button
          size="small"
          className="mt-2"
          onClick={() => append({ label: '', correct: false, explanation: '' })}
          disabled={fields.length >= ANSWERS_PER_QUESTION_MAX}
          data-testid="question-answer-add"
        >
          {t('mcTest.question.addAnswer')}
        </Button>
        {noCorrect ? (
          <p className="help is-warning mt-2" data-testid="question-no-correct">
            {t('mcTest.question.noCorrectHint')}
          </p>
        ) : null}
      </fieldset>
      <Button type="submit" variant="primary" isLoading={isSubmitting} data-testid="question-submit">
        {mcTestId ? t('mcTest.question.createInTest') : t('mcTest.question.create')}
      </Button>
    </form>
  );
}
