import { REVIEW_CONTENTS, REVIEW_WHENS } from '@elearn/shared';
import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Field, InputField } from '@/components/ui/field';
import type { McTestFormInput } from './form-schemas';

/**
 * The availability window (opens, closes; Zurich time) and the review policy (what a learner
 * sees after a run, and from when on) of the test form (issue 37 items 4 and 5).
 */
export function TestWindowFields({
  prefix,
  register,
  errors,
}: {
  prefix: string;
  register: UseFormRegister<McTestFormInput>;
  errors: FieldErrors<McTestFormInput>;
}) {
  const { t } = useTranslation();
  return (
    <fieldset className="mb-4" data-testid="mc-test-window-fields">
      <legend className="label">{t('mcTest.form.windowTitle')}</legend>
      <div className="columns">
        <div className="column">
          <InputField
            label={t('mcTest.form.opensAt')}
            id={`${prefix}-opens-at`}
            type="datetime-local"
            registration={register('opens_at')}
            error={errors.opens_at?.message}
            help={t('mcTest.form.windowHelp')}
            data-testid="mc-test-opens-at"
          />
        </div>
        <div className="column">
          <InputField
            label={t('mcTest.form.closesAt')}
            id={`${prefix}-closes-at`}
            type="datetime-local"
            registration={register('closes_at')}
            error={errors.closes_at?.message}
            help={t('mcTest.form.closesHelp')}
            data-testid="mc-test-closes-at"
          />
        </div>
      </div>
      <div className="columns">
        <div className="column">
          <Field
            label={t('mcTest.form.reviewContent')}
            id={`${prefix}-review-content`}
            error={errors.review_content?.message}
            help={t('mcTest.form.reviewHelp')}
          >
            <div className="select is-fullwidth">
              <select
                id={`${prefix}-review-content`}
                {...register('review_content')}
                data-testid="mc-test-review-content"
              >
                <option value="">{t('mcTest.form.reviewDefault')}</option>
                {REVIEW_CONTENTS.map((c) => (
                  <option key={c} value={c}>
                    {t(`mcTest.form.reviewContentOption.${c}`)}
                  </option>
                ))}
              </select>
            </div>
          </Field>
        </div>
        <div className="column">
          <Field
            label={t('mcTest.form.reviewWhen')}
            id={`${prefix}-review-when`}
            error={errors.review_when?.message}
          >
            <div className="select is-fullwidth">
              <select
                id={`${prefix}-review-when`}
                {...register('review_when')}
                data-testid="mc-test-review-when"
              >
                <option value="">{t('mcTest.form.reviewWhenDefault')}</option>
                {REVIEW_WHENS.map((w) => (
                  <option key={w} value={w}>
                    {t(`mcTest.form.reviewWhenOption.${w}`)}
                  </option>
                ))}
              </select>
            </div>
          </Field>
        </div>
      </div>
    </fieldset>
  );
}
