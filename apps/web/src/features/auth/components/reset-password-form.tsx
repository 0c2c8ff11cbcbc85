import { type ResetPasswordBody, resetPasswordBodySchema } from '@elearn/shared';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { AppLink } from '@/components/app-link';
import { Button } from '@/components/ui/button';
import { FormError, InputField } from '@/components/ui/field';
import { applyServerErrors } from '@/lib/form-errors';
import { formResolver } from '@/lib/form-resolver';
import { useResetPassword } from '../api/reset-password';

type ResetInput = z.input<typeof resetPasswordBodySchema>;

interface ResetPasswordFormProps {
  token: string;
  email: string;
  /** Called with the server's confirmation message. */
  onSuccess: (message: string) => void;
}

export function ResetPasswordForm({ token, email, onSuccess }: ResetPasswordFormProps) {
  const { t } = useTranslation();
  const mutation = useResetPassword();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ResetInput, unknown, ResetPasswordBody>({
    resolver: formResolver(resetPasswordBodySchema),
    defaultValues: { token, email, password: '', password_confirmation: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      const result = await mutation.mutateAsync(values);
      onSuccess(result.message);
    } catch (error) {
      setFormError(applyServerErrors(error, setError, ['email', 'password', 'password_confirmation']));
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby="reset-title" data-testid="reset-password-form">
      <FormError message={formError ?? errors.token?.message} />
      {formError ? (
        <p className="mb-4">
          <AppLink to="/forgot-password">{t('auth.reset.requestNew')}</AppLink>
        </p>
      ) : null}
      <InputField
        label={t('auth.fields.email')}
        type="email"
        autoComplete="username"
        registration={register('email')}
        error={errors.email?.message}
        id="reset-email"
      />
      <InputField
        label={t('auth.fields.newPassword')}
        type="password"
        autoComplete="new-password"
        registration={register('password')}
        error={errors.password?.message}
        help={t('auth.passwordRules')}
        id="reset-password"
      />
      <InputField
        label={t('auth.fields.passwordConfirmation')}
        type="password"
        autoComplete="new-password"
        registration={register('password_confirmation')}
        error={errors.password_confirmation?.message}
        id="reset-password-confirmation"
      />
      <Button type="submit" variant="primary" isLoading={isSubmitting}>
        {t('auth.reset.submit')}
      </Button>
    </form>
  );
}
