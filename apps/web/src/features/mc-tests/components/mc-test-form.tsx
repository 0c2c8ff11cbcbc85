import type { McTestDto } from '@elearn/shared';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Field, FormError, InputField } from '@/components/ui/field';
import { Notification } from '@/components/ui/notification';
import { useCurrentUser } from '@/lib/auth';
import { applyServerErrors } from '@/lib/form-errors';
import { formResolver } from '@/lib/form-resolver';
import { notify } from '@/lib/notifications';
import { useCreateMcTest } from '../api/create-mc-test';
import { useUpdateMcTest } from '../api/update-mc-test';
import { DrawFields } from './draw-fields';
import { DRAW_FIELDS, drawFormValues } from './draw-form';
import { type McTestFormInput, type McTestFormOutput, mcTestFormSchema } from './form-schemas';
import { TestWindowFields } from './test-window-fields';
import { WINDOW_FIELDS, windowFormValues } from './window-form';

const FIELDS = [
  'label',
  'percent_to_accomplish',
  'mode',
  'time_limit_minutes',
  ...WINDOW_FIELDS,
  ...DRAW_FIELDS,
] as const;

/**
 * Label, pass threshold (percent), mode, time limit (minutes, empty: none), window and review
 * policy (issue 37 items 4 and 5) of a test: creates one (`POST /api/mc_tests`) or
 * saves an existing one (`PATCH /api/mc_tests/update`).
 */
export function McTestForm({ test, onSaved }: { test?: McTestDto; onSaved?: (test: McTestDto) => void }) {
  const { t } = useTranslation();
  const create = useCreateMcTest();
  const update = useUpdateMcTest();
  const [formError, setFormError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  // the pool a drawn test draws from: its owner's (a new test's owner is the editor)
  const me = useCurrentUser();
  const ownerId = test?.owner.id ?? me?.id;
  const prefix = test ? `mc-test-${test.id}` : 'mc-test-new';
  const {
    register,
    control,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<McTestFormInput, unknown, McTestFormOutput>({
    resolver: formResolver(mcTestFormSchema),
    defaultValues: {
      label: test?.label ?? '',
      percent_to_accomplish: String(test?.percent_to_accomplish ?? 60),
      mode: test?.mode ?? 'exam',
      time_limit_minutes: test?.time_limit_minutes == null ? '' : String(test.time_limit_minutes),
      ...windowFormValues(test),
      ...drawFormValues(test),
    },
  });

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    setSaved(false);
    try {
      const result = test
        ? await update.mutateAsync({ id: test.id, ...values })
        : await create.mutateAsync({ ...values, enabled: 0 });
      if (test) setSaved(true);
      else {
        reset();
        // a new test starts disabled: say so
        notify('success', t('mcTest.form.created', { label: result.label }));
      }
      onSaved?.(result);
    } catch (error) {
      setFormError(applyServerErrors(error, setError, FIELDS));
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate data-testid="mc-test-form">
      {saved ? (
        <Notification variant="success" role="status" onClose={() => setSaved(false)}>
          {t('mcTest.form.saved')}
        </Notification>
      ) : null}
      <FormError message={formError} />
      <InputField
        label={t('mcTest.form.label')}
        id={`${prefix}-label`}
        registration={register('label')}
        error={errors.label?.message}
        maxLength={200}
        data-testid="mc-test-label"
      />
      <div className="columns">
        <div className="column">
          <InputField
            label={t('mcTest.form.threshold')}
            id={`${prefix}-threshold`}
            registration={register('percent_to_accomplish')}
            error={errors.percent_to_accomplish?.message}
            help={t('mcTest.form.thresholdHelp')}
            inputMode="numeric"
            data-testid="mc-test-threshold"
          />
        </div>
        <div className="column">
          <Field
            label={t('mcTest.form.mode')}
            id={`${prefix}-mode`}
            error={errors.mode?.message}
            help={t('mcTest.form.modeHelp')}
          >
            <div className="select is-fullwidth">
              <select id={`${prefix}-mode`} {...register('mode')} data-testid="mc-test-mode">
                <option value="exam">{t('mcTest.mode.exam')}</option>
                <option value="practice">{t('mcTest.mode.practice')}</option>
              </select>
            </div>
          </Field>
        </div>
        <div className="column">
          <InputField
            label={t('mcTest.form.timeLimit')}
            id={`${prefix}-time-limit`}
            registration={register('time_limit_minutes')}
            error={errors.time_limit_minutes?.message}
            help={t('mcTest.form.timeLimitHelp')}
            inputMode="numeric"
            data-testid="mc-test-time-limit"
          />
        </div>
      </div>
      <TestWindowFields prefix={prefix} register={register} errors={errors} />
      <DrawFields prefix={prefix} ownerId={ownerId} control={control} register={register} errors={errors} />
      <Button type="submit" variant="primary" isLoading={isSubmitting} data-testid="mc-test-submit">
        {test ? t('mcTest.form.save') : t('mcTest.form.create')}
      </Button>
    </form>
  );
}
