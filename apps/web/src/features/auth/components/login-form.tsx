import type { LoginAnswer, LoginBody, loginBodySchema } from '@elearn/shared';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { AppLink } from '@/components/app-link';
import { Button } from '@/components/ui/button';
import { CheckboxField, FormError, InputField } from '@/components/ui/field';
import { applyServerErrors } from '@/lib/form-errors';
import { lazyFormResolver } from '@/lib/lazy-form-resolver';
import { useLogin } from '../api/login';

type LoginInput = z.input<typeof loginBodySchema>;

// zod and the schema load when the visitor first focuses the form, not with the page
const loginResolver = lazyFormResolver<LoginInput, LoginBody>(() =>
  import('@elearn/shared/schemas/auth').then((m) => m.loginBodySchema),
);

export function LoginForm({ onSuccess }: { onSuccess: (answer: LoginAnswer) => void }) {
  const { t } = useTranslation();
  const loginMutation = useLogin();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<LoginInput, unknown, LoginBody>({
    resolver: loginResolver,
    defaultValues: { email: '', password: '', remember: false },
  });

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      onSuccess(await loginMutation.mutateAsync(values));
    } catch (error) {
      setFormError(applyServerErrors(error, setError, ['email', 'password']));
    }
  });

  return (
    <form
      onSubmit={onSubmit}
      onFocus={loginResolver.preload}
      noValidate
      aria-labelledby="login-title"
      data-testid="login-form"
    >
      <FormError message={formError} />
      <InputField
        label={t('auth.fields.email')}
        type="email"
        autoComplete="username"
        registration={register('email')}
        error={errors.email?.message}
        id="login-email"
      />
      <InputField
        label={t('auth.fields.password')}
        type="password"
        autoComplete="current-password"
        registration={register('password')}
        error={errors.password?.message}
        id="login-password"
      />
      <CheckboxField
        label={t('auth.login.remember')}
        registration={register('remember')}
        id="login-remember"
      />
      <div className="field is-grouped is-grouped-multiline is-align-items-center">
        <div className="control">
          <Button type="submit" variant="primary" isLoading={isSubmitting}>
            {t('auth.login.submit')}
          </Button>
        </div>
        <div className="control">
          <AppLink to="/forgot-password">{t('auth.login.forgot')}</AppLink>
        </div>
      </div>
      <p className="mt-4">
        {t('auth.login.noAccount')} <AppLink to="/register">{t('auth.login.toRegister')}</AppLink>
      </p>
    </form>
  );
}
