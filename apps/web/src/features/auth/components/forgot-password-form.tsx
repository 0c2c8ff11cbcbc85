import { forgotPasswordBodySchema } from '@elearn/shared';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { AppLink } from '@/components/app-link';
import { Button } from '@/components/ui/button';
import { FormError, InputField } from '@/components/ui/field';
import { Notification } from '@/components/ui/notification';
import { applyServerErrors } from '@/lib/form-errors';
import { formResolver } from '@/lib/form-resolver';
import { useForgotPassword } from '../api/forgot-password';

export function ForgotPasswordForm() {
  const { t } = useTranslation();
  const mutation = useForgotPassword();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<{ email: string }>({
    resolver: formResolver(forgotPasswordBodySchema),
    defaultValues: { email: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      await mutation.mutateAsync(values);
    } catch (error) {
      setFormError(applyServerErrors(error, setError, ['email']));
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby="forgot-title" data-testid="forgot-password-form">
      {mutation.data ? (
        <Notification variant="success" role="status">
          {mutation.data.message}
        </Notification>
      ) : null}
      <FormError message={formError} />
      <p className="mb-4">{t('auth.forgot.intro')}</p>
      <InputField
        label={t('auth.fields.email')}
        type="email"
        autoComplete="email"
        registration={register('email')}
        error={errors.email?.message}
        id="forgot-email"
      />
      <div className="field is-grouped is-grouped-multiline is-align-items-center">
        <div className="control">
          <Button type="submit" variant="primary" isLoading={isSubmitting}>
            {t('auth.forgot.submit')}
          </Button>
        </div>
        <div className="control">
          <AppLink to="/login">{t('auth.forgot.toLogin')}</AppLink>
        </div>
      </div>
    </form>
  );
}
