import { type CompanyRegisterBody, companyRegisterBodySchema } from '@elearn/shared';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { Button } from '@/components/ui/button';
import { FormError, InputField } from '@/components/ui/field';
import { useLocale } from '@/hooks/use-locale';
import { applyServerErrors } from '@/lib/form-errors';
import { formResolver } from '@/lib/form-resolver';
import { useCompanyRegister } from '../api/company-register';

type Input = z.input<typeof companyRegisterBodySchema>;
const FIELDS = ['username', 'email', 'first_name', 'last_name', 'password', 'password_confirmation'] as const;

/**
 * Registration of a new employee with the company's invitation token
 * (`POST /api/companies/register`); the same fields and rules as `/register`.
 */
export function CompanyRegisterForm({
  token,
  companyName,
  onRegistered,
}: {
  token: string;
  companyName: string;
  onRegistered: (email: string, message: string) => void;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const mutation = useCompanyRegister();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<Input, unknown, CompanyRegisterBody>({
    resolver: formResolver(companyRegisterBodySchema),
    defaultValues: {
      token,
      username: '',
      email: '',
      first_name: '',
      last_name: '',
      password: '',
      password_confirmation: '',
      locale,
    },
  });

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      const result = await mutation.mutateAsync({ ...values, token, locale });
      onRegistered(values.email, result.message);
    } catch (error) {
      setFormError(applyServerErrors(error, setError, FIELDS));
    }
  });

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-labelledby="company-register-title"
      data-testid="company-register-form"
    >
      <p className="mb-4" data-testid="company-register-company">
        {t('company.register.intro', { company: companyName })}
      </p>
      <FormError message={formError} />
      <InputField
        label={t('auth.fields.username')}
        autoComplete="username"
        registration={register('username')}
        error={errors.username?.message}
        id="company-register-username"
      />
      <InputField
        label={t('auth.fields.email')}
        type="email"
        autoComplete="email"
        registration={register('email')}
        error={errors.email?.message}
        id="company-register-email"
      />
      <div className="columns mb-0">
        <div className="column">
          <InputField
            label={t('auth.fields.firstName')}
            autoComplete="given-name"
            registration={register('first_name')}
            error={errors.first_name?.message}
            id="company-register-first-name"
          />
        </div>
        <div className="column">
          <InputField
            label={t('auth.fields.lastName')}
            autoComplete="family-name"
            registration={register('last_name')}
            error={errors.last_name?.message}
            id="company-register-last-name"
          />
        </div>
      </div>
      <InputField
        label={t('auth.fields.password')}
        type="password"
        autoComplete="new-password"
        registration={register('password')}
        error={errors.password?.message}
        help={t('auth.passwordRules')}
        id="company-register-password"
      />
      <InputField
        label={t('auth.fields.passwordConfirmation')}
        type="password"
        autoComplete="new-password"
        registration={register('password_confirmation')}
        error={errors.password_confirmation?.message}
        id="company-register-password-confirmation"
      />
      <Button type="submit" variant="primary" isLoading={isSubmitting} data-testid="company-register-submit">
        {t('company.register.submit')}
      </Button>
    </form>
  );
}
