import { type ChangePasswordBody, changePasswordBodySchema } from '@elearn/shared';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { Button } from '@/components/ui/button';
import { FormError, InputField } from '@/components/ui/field';
import { Notification } from '@/components/ui/notification';
import { applyServerErrors } from '@/lib/form-errors';
import { formResolver } from '@/lib/form-resolver';
import { useChangePassword } from '../api/change-password';

type PasswordInput = z.input<typeof changePasswordBodySchema>;
const EMPTY: PasswordInput = { current_password: '', password: '', password_confirmation: '' };

export function PasswordForm({ username }: { username: string }) {
  const { t } = useTranslation();
  const mutation = useChangePassword();
  const [formError, setFormError] = useState<string | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<PasswordInput, unknown, ChangePasswordBody>({
    resolver: formResolver(changePasswordBodySchema),
    defaultValues: EMPTY,
  });

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    setMessage(null);
    try {
      const result = await mutation.mutateAsync(values);
      reset(EMPTY);
      setMessage(result.message);
    } catch (error) {
      setFormError(
        applyServerErrors(error, setError, ['current_password', 'password', 'password_confirmation']),
      );
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby="password-title" data-testid="password-form">
      {message ? (
        <Notification variant="success" role="status" onClose={() => setMessage(null)}>
          {message}
        </Notification>
      ) : null}
      <FormError message={formError} />
      {/* lets password managers file the new password under the right account */}
      <input type="text" name="username" autoComplete="username" value={username} readOnly hidden />
      <InputField
        label={t('account.password.current')}
        type="password"
        autoComplete="current-password"
        registration={register('current_password')}
        error={errors.current_password?.message}
        id="password-current"
      />
      <InputField
        label={t('auth.fields.newPassword')}
        type="password"
        autoComplete="new-password"
        registration={register('password')}
        error={errors.password?.message}
        help={t('auth.passwordRules')}
        id="password-new"
      />
      <InputField
        label={t('auth.fields.passwordConfirmation')}
        type="password"
        autoComplete="new-password"
        registration={register('password_confirmation')}
        error={errors.password_confirmation?.message}
        id="password-confirmation"
      />
      <Button type="submit" variant="primary" isLoading={isSubmitting}>
        {t('account.password.submit')}
      </Button>
    </form>
  );
}
