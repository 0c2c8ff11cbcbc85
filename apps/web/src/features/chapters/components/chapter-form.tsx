import { type ChapterDto, createChapterBodySchema, DRIP_DAYS_MAX, type SubChapterDto } from '@elearn/shared';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { RichTextField } from '@/components/rich-text-editor';
import { Button } from '@/components/ui/button';
import { CheckboxField, FormError, InputField } from '@/components/ui/field';
import { Notification } from '@/components/ui/notification';
import { applyServerErrors } from '@/lib/form-errors';
import { formResolver } from '@/lib/form-resolver';
import { useCreateChapter } from '../api/create-chapter';
import { useUpdateChapter } from '../api/update-chapter';

/** The fields the form edits, with the shared rules of `createChapterBodySchema`. */
export const chapterFieldsSchema = createChapterBodySchema.pick({
  label: true,
  content: true,
  description: true,
  preview: true,
  available_after_days: true,
});
type Input = z.input<typeof chapterFieldsSchema>;
type Output = z.output<typeof chapterFieldsSchema>;
const FIELDS = ['label', 'content', 'description', 'preview', 'available_after_days'] as const;

/** the number field's text as drip days: empty is null (at once) */
const dripDaysOf = (value: unknown) =>
  value === '' || value === null || value === undefined ? null : Number(value);

export interface ChapterFormProps {
  seminarId: number;
  /** The parent chapter when creating a sub-chapter. */
  parentId?: number | null;
  /** The chapter to edit; without it the form creates one. */
  chapter?: ChapterDto | SubChapterDto;
  onSaved: (chapter: ChapterDto) => void;
}

/** Create (`POST /api/chapters`) or edit (`PATCH /api/chapters/update`) a chapter or sub-chapter. */
export function ChapterForm({ seminarId, parentId = null, chapter, onSaved }: ChapterFormProps) {
  const { t } = useTranslation();
  const create = useCreateChapter();
  const update = useUpdateChapter();
  const [formError, setFormError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const {
    register,
    handleSubmit,
    setError,
    control,
    formState: { errors, isSubmitting },
  } = useForm<Input, unknown, Output>({
    resolver: formResolver(chapterFieldsSchema),
    defaultValues: {
      label: chapter?.label ?? '',
      description: chapter?.description ?? '',
      content: chapter?.content ?? '',
      preview: chapter?.preview ?? false,
      available_after_days: chapter?.available_after_days ?? null,
    },
  });

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    setSaved(false);
    try {
      const result = chapter
        ? await update.mutateAsync({ id: chapter.id, ...values })
        : await create.mutateAsync({ seminar_id: seminarId, chapter_id: parentId, ...values });
      if (chapter) setSaved(true);
      onSaved(result);
    } catch (error) {
      setFormError(applyServerErrors(error, setError, FIELDS));
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby="chapter-form-title" data-testid="chapter-form">
      {saved ? (
        <Notification variant="success" role="status" onClose={() => setSaved(false)}>
          {t('chapter.form.saved')}
        </Notification>
      ) : null}
      <FormError message={formError} />
      <InputField
        label={t('chapter.form.label')}
        registration={register('label')}
        error={errors.label?.message}
        id="chapter-label"
        maxLength={200}
        data-testid="chapter-label"
      />
      <Controller
        control={control}
        name="description"
        render={({ field, fieldState }) => (
          <RichTextField
            label={t('chapter.form.description')}
            value={field.value ?? ''}
            onChange={field.onChange}
            onBlur={field.onBlur}
            error={fieldState.error?.message}
            help={t('chapter.form.descriptionHelp')}
            id="chapter-description"
            testId="chapter-description"
          />
        )}
      />
      <Controller
        control={control}
        name="content"
        render={({ field, fieldState }) => (
          <RichTextField
            label={t('chapter.form.content')}
            value={field.value ?? ''}
            onChange={field.onChange}
            onBlur={field.onBlur}
            error={fieldState.error?.message}
            id="chapter-content"
            testId="chapter-content"
          />
        )}
      />
      <CheckboxField
        label={t('chapter.form.preview')}
        registration={register('preview')}
        id="chapter-preview"
        aria-describedby="chapter-preview-help"
        data-testid="chapter-preview"
      />
      <p className="help mb-4" id="chapter-preview-help">
        {t('chapter.form.previewHelp')}
      </p>
      <InputField
        label={t('chapter.form.availableAfterDays')}
        registration={register('available_after_days', { setValueAs: dripDaysOf })}
        error={errors.available_after_days?.message}
        help={t('chapter.form.availableAfterDaysHelp')}
        id="chapter-available-after-days"
        type="number"
        inputMode="numeric"
        min={0}
        max={DRIP_DAYS_MAX}
        step={1}
        data-testid="chapter-available-after-days"
      />
      <Button type="submit" variant="primary" isLoading={isSubmitting} data-testid="chapter-submit">
        {chapter ? t('chapter.form.save') : t('chapter.form.create')}
      </Button>
    </form>
  );
}
