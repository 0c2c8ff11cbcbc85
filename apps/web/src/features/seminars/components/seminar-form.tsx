import { SEMINAR_IMAGE_MAX_BYTES, SEMINAR_LANGUAGES, type SeminarDto } from '@elearn/shared';
import { type ChangeEvent, useEffect, useRef, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { RichTextField } from '@/components/rich-text-editor';
import { Button } from '@/components/ui/button';
import { CheckboxField, Field, FormError, InputField } from '@/components/ui/field';
import { checkSeminarImage } from '@/lib/file-checks';
import { applyServerErrors } from '@/lib/form-errors';
import { formResolver } from '@/lib/form-resolver';
import { useCreateSeminar } from '../api/create-seminar';
import { useUpdateSeminar } from '../api/update-seminar';
import {
  priceText,
  type SeminarFormInput,
  type SeminarFormOutput,
  seminarFormSchema,
} from './seminar-form-schema';

const FIELDS = ['title', 'description', 'price', 'language', 'is_public', 'isCompany', 'company_id'] as const;
const IMAGE_ACCEPT = 'image/jpeg,image/png,image/gif,image/webp';

export interface CompanyChoice {
  id: number;
  name: string;
}

export interface SeminarFormProps {
  /** The seminar to edit; without it the form creates one. */
  seminar?: SeminarDto;
  /** Companies a company seminar can be made for. */
  companies: CompanyChoice[];
  currency: string;
  onSaved: (seminar: SeminarDto) => void;
  /** Start values of a new seminar (e.g. a company seminar made for one company). */
  defaults?: { isCompany?: boolean; company_id?: number };
}

/** Create or edit a seminar: title, rich-text description, price, visibility, company, image. */
export function SeminarForm({ seminar, companies, currency, onSaved, defaults }: SeminarFormProps) {
  const { t } = useTranslation();
  const create = useCreateSeminar();
  const update = useUpdateSeminar();
  const [formError, setFormError] = useState<string | null>(null);
  const [image, setImage] = useState<File | null>(null);
  const [imageError, setImageError] = useState<string | undefined>();
  const [preview, setPreview] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const {
    register,
    handleSubmit,
    setError,
    control,
    formState: { errors, isSubmitting },
  } = useForm<SeminarFormInput, unknown, SeminarFormOutput>({
    resolver: formResolver(seminarFormSchema),
    defaultValues: {
      title: seminar?.title ?? '',
      description: seminar?.description ?? '',
      price: priceText(seminar?.price ?? 0),
      language: seminar?.language ?? 'de',
      is_public: seminar?.is_public ?? false,
      isCompany: seminar?.isCompany ?? defaults?.isCompany ?? false,
      company_id: seminar?.company_id
        ? String(seminar.company_id)
        : defaults?.company_id
          ? String(defaults.company_id)
          : '',
      remove_image: false,
    },
  });
  const isCompany = useWatch({ control, name: 'isCompany' });
  const removeImage = useWatch({ control, name: 'remove_image' });

  useEffect(() => {
    if (!image) {
      setPreview(null);
      return;
    }
    const url = URL.createObjectURL(image);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [image]);

  const onImageChange = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0] ?? null;
    if (!file) {
      setImage(null);
      setImageError(undefined);
      return;
    }
    const problem = checkSeminarImage(file);
    setImageError(problem ?? undefined);
    setImage(problem ? null : file);
    if (problem) event.target.value = '';
  };

  const clearImage = () => {
    setImage(null);
    setImageError(undefined);
    if (fileInput.current) fileInput.current.value = '';
  };

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    if (imageError) return;
    try {
      const input = { ...values, image, remove_image: seminar ? values.remove_image : undefined };
      const saved = seminar
        ? await update.mutateAsync({ ...input, id: seminar.id })
        : await create.mutateAsync(input);
      onSaved(saved);
    } catch (error) {
      setFormError(applyServerErrors(error, setError, FIELDS, { image: setImageError }));
    }
  });

  const companyChoices =
    seminar?.company_id && !companies.some((c) => c.id === seminar.company_id)
      ? [
          ...companies,
          { id: seminar.company_id, name: t('seminar.form.companyNumber', { id: seminar.company_id }) },
        ]
      : companies;
  const current = seminar?.image_url && !removeImage ? seminar.image_url : null;
  const shown = preview ?? current;

  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby="seminar-form-title" data-testid="seminar-form">
      <FormError message={formError} />
      <InputField
        label={t('seminar.form.title')}
        registration={register('title')}
        error={errors.title?.message}
        id="seminar-title"
        maxLength={200}
        data-testid="seminar-title"
      />
      <Controller
        control={control}
        name="description"
        render={({ field, fieldState }) => (
          <RichTextField
            label={t('seminar.form.description')}
            value={field.value ?? ''}
            onChange={field.onChange}
            onBlur={field.onBlur}
            error={fieldState.error?.message}
            id="seminar-description"
            testId="seminar-description"
          />
        )}
      />
      <InputField
        label={t('seminar.form.price', { currency })}
        registration={register('price')}
        error={errors.price?.message}
        help={t('seminar.form.priceHelp')}
        id="seminar-price"
        inputMode="decimal"
        data-testid="seminar-price"
      />
      <Field label={t('seminar.form.language')} id="seminar-language" error={errors.language?.message}>
        <div className="select">
          <select id="seminar-language" {...register('language')} data-testid="seminar-language">
            {SEMINAR_LANGUAGES.map((language) => (
              <option key={language} value={language}>
                {t(`seminar.languages.${language}`)}
              </option>
            ))}
          </select>
        </div>
      </Field>
      <CheckboxField
        label={t('seminar.form.isPublic')}
        registration={register('is_public')}
        id="seminar-is-public"
        data-testid="seminar-public"
      />
      <CheckboxField
        label={t('seminar.form.isCompany')}
        registration={register('isCompany')}
        id="seminar-is-company"
        disabled={companyChoices.length === 0 && !seminar?.isCompany}
        data-testid="seminar-company"
      />
      {companyChoices.length === 0 && !seminar?.isCompany ? (
        <p className="help mt-0 mb-3">{t('seminar.form.noCompanies')}</p>
      ) : null}
      {isCompany ? (
        <Field label={t('seminar.form.companyId')} id="seminar-company-id" error={errors.company_id?.message}>
          <div className={['select', errors.company_id && 'is-danger'].filter(Boolean).join(' ')}>
            <select
              id="seminar-company-id"
              aria-invalid={errors.company_id ? true : undefined}
              aria-describedby={errors.company_id ? 'seminar-company-id-error' : undefined}
              {...register('company_id')}
              data-testid="seminar-company-id"
            >
              <option value="">{t('seminar.form.chooseCompany')}</option>
              {companyChoices.map((company) => (
                <option key={company.id} value={String(company.id)}>
                  {company.name}
                </option>
              ))}
            </select>
          </div>
        </Field>
      ) : null}

      <div className="columns mt-2">
        <div className="column is-narrow">
          <figure className="image seminar-image-preview">
            {shown ? (
              <img
                src={shown}
                alt={preview ? t('seminar.form.imagePreview') : t('seminar.form.imageCurrent')}
                data-testid="seminar-image-preview"
              />
            ) : (
              <span className="seminar-image-placeholder" role="img" aria-label={t('seminar.form.noImage')}>
                ?
              </span>
            )}
          </figure>
        </div>
        <div className="column">
          <Field
            label={t('seminar.form.image')}
            id="seminar-image"
            error={imageError}
            help={t('seminar.form.imageHelp', { max: SEMINAR_IMAGE_MAX_BYTES / 1024 / 1024 })}
          >
            <div className="file has-name is-fullwidth">
              <label className="file-label">
                <input
                  ref={fileInput}
                  id="seminar-image"
                  className="file-input"
                  type="file"
                  name="image"
                  accept={IMAGE_ACCEPT}
                  onChange={onImageChange}
                  aria-describedby={['seminar-image-help', imageError && 'seminar-image-error']
                    .filter(Boolean)
                    .join(' ')}
                  aria-invalid={imageError ? true : undefined}
                  data-testid="seminar-image"
                />
                <span className="file-cta">
                  <span className="file-label">{t('seminar.form.chooseImage')}</span>
                </span>
                <span className="file-name">{image ? image.name : t('seminar.form.noFile')}</span>
              </label>
            </div>
          </Field>
          {image ? (
            <Button size="small" variant="light" onClick={clearImage}>
              {t('seminar.form.removeChoice')}
            </Button>
          ) : null}
          {seminar?.image_url ? (
            <CheckboxField
              label={t('seminar.form.removeImage')}
              registration={register('remove_image')}
              id="seminar-remove-image"
              data-testid="seminar-remove-image"
            />
          ) : null}
        </div>
      </div>

      <Button type="submit" variant="primary" isLoading={isSubmitting} data-testid="seminar-submit">
        {seminar ? t('seminar.form.save') : t('seminar.form.create')}
      </Button>
    </form>
  );
}
