import {
  type Control,
  type FieldErrors,
  type UseFormRegister,
  useFieldArray,
  useWatch,
} from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { CheckboxField, Field, InputField, useFieldMessage } from '@/components/ui/field';
import { useQuestionCategories } from '../api/question-exchange';
import type { McTestFormInput, McTestFormOutput } from './form-schemas';

/**
 * Fixed or drawn questions (issue 37 item 3): for a drawn test, its rules (a category of the
 * pool, with its question count, and how many to draw from it and the categories below it), and
 * whether each run shuffles its questions. The categories are those of the test owner's pool,
 * the one its runs draw from (`ownerId`; a new test's owner is the editor).
 */
export function DrawFields({
  prefix,
  ownerId,
  control,
  register,
  errors,
}: {
  prefix: string;
  ownerId: number | undefined;
  control: Control<McTestFormInput, unknown, McTestFormOutput>;
  register: UseFormRegister<McTestFormInput>;
  errors: FieldErrors<McTestFormInput>;
}) {
  const { t } = useTranslation();
  const selection = useWatch({ control, name: 'question_selection' });
  return (
    <fieldset className="mb-4" data-testid="mc-test-draw-fields">
      <legend className="label">{t('mcTest.draw.title')}</legend>
      <Field
        label={t('mcTest.draw.selection')}
        id={`${prefix}-selection`}
        help={t('mcTest.draw.selectionHelp')}
      >
        <div className="select is-fullwidth">
          <select
            id={`${prefix}-selection`}
            {...register('question_selection')}
            data-testid="mc-test-selection"
          >
            <option value="fixed">{t('mcTest.draw.fixed')}</option>
            <option value="drawn">{t('mcTest.draw.drawn')}</option>
          </select>
        </div>
      </Field>
      {selection === 'drawn' ? (
        <DrawRules prefix={prefix} ownerId={ownerId} control={control} register={register} errors={errors} />
      ) : null}
      <CheckboxField
        label={t('mcTest.draw.shuffle')}
        id={`${prefix}-shuffle`}
        registration={register('shuffle_questions')}
        data-testid="mc-test-shuffle"
      />
    </fieldset>
  );
}

/** the rules of a drawn test, with the owner's pool's categories (read only for a drawn test) */
function DrawRules({
  prefix,
  ownerId,
  control,
  register,
  errors,
}: {
  prefix: string;
  ownerId: number | undefined;
  control: Control<McTestFormInput, unknown, McTestFormOutput>;
  register: UseFormRegister<McTestFormInput>;
  errors: FieldErrors<McTestFormInput>;
}) {
  const { t } = useTranslation();
  const rules = useFieldArray({ control, name: 'draw_rules' });
  const categories = useQuestionCategories(ownerId);
  const known = categories.data?.data ?? [];
  // a saved rule's category the pool no longer has stays choosable (with no questions)
  const list = [
    ...known,
    ...[...new Set(rules.fields.map((f) => f.category))]
      .filter((path) => path !== '' && !known.some((c) => c.path === path))
      .map((path) => ({ path, count: 0 })),
  ];
  const rulesError = useFieldMessage(errors.draw_rules?.message ?? errors.draw_rules?.root?.message);
  // the rules wait for the categories: a select shows its value only among its options
  if (categories.isPending) return null;
  return (
    <div className="mb-3" data-testid="mc-test-draw-rules">
      {rules.fields.length === 0 ? <p className="help">{t('mcTest.draw.noRules')}</p> : null}
      {rules.fields.map((field, i) => (
        <div className="columns is-vcentered" key={field.id} data-testid="mc-test-draw-rule">
          <div className="column">
            <Field
              label={t('mcTest.draw.category')}
              id={`${prefix}-rule-${i}-category`}
              error={errors.draw_rules?.[i]?.category?.message}
            >
              <div className="select is-fullwidth">
                <select
                  id={`${prefix}-rule-${i}-category`}
                  {...register(`draw_rules.${i}.category`)}
                  data-testid="mc-test-rule-category"
                >
                  <option value="">{t('mcTest.draw.pickCategory')}</option>
                  {list.map((c) => (
                    <option key={c.path} value={c.path}>
                      {t('mcTest.draw.categoryOption', { path: c.path, count: c.count })}
                    </option>
                  ))}
                </select>
              </div>
            </Field>
          </div>
          <div className="column is-3">
            <InputField
              label={t('mcTest.draw.count')}
              id={`${prefix}-rule-${i}-count`}
              registration={register(`draw_rules.${i}.count`)}
              error={errors.draw_rules?.[i]?.count?.message}
              inputMode="numeric"
              data-testid="mc-test-rule-count"
            />
          </div>
          <div className="column is-narrow">
            <Button
              type="button"
              size="small"
              onClick={() => rules.remove(i)}
              aria-label={t('mcTest.draw.removeRule', { n: i + 1 })}
              data-testid="mc-test-rule-remove"
            >
              {t('mcTest.draw.remove')}
            </Button>
          </div>
        </div>
      ))}
      {rulesError ? (
        <p className="help is-danger" role="alert" data-testid="mc-test-rules-error">
          {rulesError}
        </p>
      ) : null}
      <Button
        type="button"
        size="small"
        onClick={() => rules.append({ category: '', count: '1' })}
        data-testid="mc-test-rule-add"
      >
        {t('mcTest.draw.addRule')}
      </Button>
    </div>
  );
}
