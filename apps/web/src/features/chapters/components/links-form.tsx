import { storeLinksBodySchema } from '@elearn/shared';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { Button } from '@/components/ui/button';
import { FormError, InputField } from '@/components/ui/field';
import { ApiError, isApiError } from '@/lib/api-client';
import { applyServerErrors } from '@/lib/form-errors';
import { formResolver } from '@/lib/form-resolver';
import { notify } from '@/lib/notifications';
import { useStoreLinks } from '../api/store-links';

/** One link of `storeLinksBodySchema` (label + http/https URL). */
const linkSchema = storeLinksBodySchema.shape.links.element;
type Input = z.input<typeof linkSchema>;
type Output = z.output<typeof linkSchema>;

/** Adds a link to the chapter (`POST /api/chapters/storeLinks`). */
export function LinksForm({ seminarId, chapterId }: { seminarId: number; chapterId: number }) {
  const { t } = useTranslation();
  const store = useStoreLinks();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<Input, unknown, Output>({
    resolver: formResolver(linkSchema),
    defaultValues: { label: '', url: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      await store.mutateAsync({ seminarId, chapterId, links: [values] });
      notify('success', t('media.linkAdded'));
      reset();
    } catch (error) {
      // the server names the fields of the first link `links.0.label` / `links.0.url`
      const mapped = isApiError(error)
        ? new ApiError(
            error.status,
            error.code,
            error.message,
            Object.fromEntries(
              Object.entries(error.errors).map(([key, list]) => [key.replace(/^links\.0\./, ''), list]),
            ),
            error.body,
          )
        : error;
      setFormError(applyServerErrors(mapped, setError, ['label', 'url']));
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate data-testid="links-form">
      <FormError message={formError} />
      <div className="columns mb-0">
        <div className="column">
          <InputField
            label={t('media.linkLabel')}
            registration={register('label')}
            error={errors.label?.message}
            id={`link-label-${chapterId}`}
            maxLength={200}
            data-testid="link-label"
          />
        </div>
        <div className="column">
          <InputField
            label={t('media.linkUrl')}
            type="url"
            placeholder="https://"
            registration={register('url')}
            error={errors.url?.message}
            id={`link-url-${chapterId}`}
            data-testid="link-url"
          />
        </div>
      </div>
      <Button type="submit" variant="primary" isLoading={isSubmitting} data-testid="link-submit">
        {t('media.addLink')}
      </Button>
    </form>
  );
}
