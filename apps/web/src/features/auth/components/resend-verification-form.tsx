import { forgotPasswordBodySchema } from '@elearn/shared';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { FormError, InputField } from '@/components/ui/field';
import { Notification } from '@/components/ui/notification';
import { applyServerErrors } from '@/lib/form-errors';
import { formResolver } from '@/lib/form-resolver';
import { useResendVerification } from '../api/resend-verification';

type EmailOnly = { email: string };

/**
 * Asks for a new verification mail. With `email` given (after registration) it is a single
 * button; with `loggedIn` it sends `{}`; otherwise it asks for the address.
 */
export function ResendVerificationForm({ email, loggedIn }: { email?: string; loggedIn?: boolean }) {
  const { t } = useTranslation();
  const resend = useResendVerification();
  const [formError, setFormError] = useState<string | null>(null);
  const askEmail = !email && !loggedIn;
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<EmailOnly>({
    resolver: formResolver(forgotPasswordBodySchema),
    defaultValues: { email: email ?? '' },
  });

  const send = async (address?: string) => {
    setFormError(null);
    try {
      await resend.mutateAsync(address);
    } catch (error) {
      setFormError(applyServerErrors(error, setError, ['email']));
    }
  };

  const onSubmit = askEmail
    ? handleSubmit((values) => send(values.email))
    : (e: React.FormEvent) => {
        e.preventDefault();
        void send(loggedIn ? undefined : email);
      };

  return (
    <form onSubmit={onSubmit} noValidate aria-label={t('auth.resend.title')} data-testid="resend-form">
      {resend.data ? (
        <Notification variant="success" role="status">
          {resend.data.message}
        </Notification>
      ) : null}
      <FormError message={formError} />
      {askEmail ? (
        <InputField
          label={t('auth.fields.email')}
          type="email"
          autoComplete="email"
          registration={register('email')}
          error={errors.email?.message}
          id="resend-email"
        />
      ) : null}
      <Button type="submit" variant="link" outlined isLoading={resend.isPending}>
        {t('auth.resend.submit')}
      </Button>
    </form>
  );
}
