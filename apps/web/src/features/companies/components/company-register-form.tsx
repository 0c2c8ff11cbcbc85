import { type CompanyRegisterBody, companyRegisterBodySchema } from '@elearn/shared';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { REGISTRATION_FIELDS, RegistrationFields } from '@/components/registration-fields';
import { Button } from '@/components/ui/button';
import { FormError } from '@/components/ui/field';
import { useLocale } from '@/hooks/use-locale';
import { applyServerErrors } from '@/lib/form-errors';
import { formResolver } from '@/lib/form-resolver';
import { useCompanyRegister } from '../api/company-register';

type Input = z.input<typeof companyRegisterBodySchema>;

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
      setFormError(applyServerErrors(error, setError, REGISTRATION_FIELDS));
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
      <RegistrationFields register={(name) => register(name)} errors={errors} idPrefix="company-register" />
      <Button type="submit" variant="primary" isLoading={isSubmitting} data-testid="company-register-submit">
        {t('company.register.submit')}
      </Button>
    </form>
  );
}
