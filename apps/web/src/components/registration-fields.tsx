/** The account fields of a registration form, shared by the learner's and the company's registration. */
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { InputField } from '@/components/ui/field';

export const REGISTRATION_FIELDS = [
  'username',
  'email',
  'first_name',
  'last_name',
  'password',
  'password_confirmation',
] as const;
export type RegistrationField = (typeof REGISTRATION_FIELDS)[number];

/**
 * The fields of a new account (`/register` and a company's invitation page share them and their
 * rules); `idPrefix` keeps the ids of two forms apart.
 */
export function RegistrationFields({
  register,
  errors,
  idPrefix,
}: {
  register: (name: RegistrationField) => UseFormRegisterReturn;
  errors: Partial<Record<RegistrationField, { message?: string }>>;
  idPrefix: string;
}) {
  const { t } = useTranslation();
  return (
    <>
      <InputField
        label={t('auth.fields.username')}
        autoComplete="username"
        registration={register('username')}
        error={errors.username?.message}
        id={`${idPrefix}-username`}
      />
      <InputField
        label={t('auth.fields.email')}
        type="email"
        autoComplete="email"
        registration={register('email')}
        error={errors.email?.message}
        id={`${idPrefix}-email`}
      />
      <div className="columns mb-0">
        <div className="column">
          <InputField
            label={t('auth.fields.firstName')}
            autoComplete="given-name"
            registration={register('first_name')}
            error={errors.first_name?.message}
            id={`${idPrefix}-first-name`}
          />
        </div>
        <div className="column">
          <InputField
            label={t('auth.fields.lastName')}
            autoComplete="family-name"
            registration={register('last_name')}
            error={errors.last_name?.message}
            id={`${idPrefix}-last-name`}
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
        id={`${idPrefix}-password`}
      />
      <InputField
        label={t('auth.fields.passwordConfirmation')}
        type="password"
        autoComplete="new-password"
        registration={register('password_confirmation')}
        error={errors.password_confirmation?.message}
        id={`${idPrefix}-password-confirmation`}
      />
    </>
  );
}
