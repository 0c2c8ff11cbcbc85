import { type RegisterBody, registerBodySchema } from '@elearn/shared';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { AppLink } from '@/components/app-link';
import { REGISTRATION_FIELDS, RegistrationFields } from '@/components/registration-fields';
import { Button } from '@/components/ui/button';
import { FormError } from '@/components/ui/field';
import { Notification } from '@/components/ui/notification';
import { useLocale } from '@/hooks/use-locale';
import { applyServerErrors } from '@/lib/form-errors';
import { formResolver } from '@/lib/form-resolver';
import { useRegister } from '../api/register';
import { initialRegistrationState, type RegistrationState } from '../types';
import { ResendVerificationForm } from './resend-verification-form';

type RegisterInput = z.input<typeof registerBodySchema>;

export function RegisterForm() {
  const { t } = useTranslation();
  const locale = useLocale();
  const registerMutation = useRegister();
  const [state, setState] = useState<RegistrationState>(initialRegistrationState);
  const [sentTo, setSentTo] = useState('');
  const [sentMessage, setSentMessage] = useState('');
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<RegisterInput, unknown, RegisterBody>({
    resolver: formResolver(registerBodySchema),
    defaultValues: {
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
    setState({ ...initialRegistrationState, valid: true });
    try {
      const result = await registerMutation.mutateAsync({ ...values, locale });
      setSentTo(values.email);
      setSentMessage(result.message);
      setState({ ...initialRegistrationState, valid: true, mailSent: true });
    } catch (error) {
      setState({
        ...initialRegistrationState,
        errorMessage: applyServerErrors(error, setError, REGISTRATION_FIELDS),
      });
    }
  });

  if (state.mailSent) {
    return (
      <div data-testid="register-mail-sent">
        <Notification variant="success" role="status">
          <p className="has-text-weight-semibold">{t('auth.register.mailSentTitle')}</p>
          <p>{sentMessage || t('auth.register.mailSent', { email: sentTo })}</p>
        </Notification>
        <p className="mb-3">{t('auth.register.noMail')}</p>
        <ResendVerificationForm email={sentTo} />
        <p className="mt-5">
          <AppLink to="/login">{t('auth.register.toLogin')}</AppLink>
        </p>
      </div>
    );
  }

  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby="register-title" data-testid="register-form">
      <FormError message={state.errorMessage} />
      <RegistrationFields register={(name) => register(name)} errors={errors} idPrefix="register" />
      <div className="field is-grouped is-grouped-multiline is-align-items-center">
        <div className="control">
          <Button type="submit" variant="primary" isLoading={isSubmitting}>
            {t('auth.register.submit')}
          </Button>
        </div>
        <div className="control">
          {t('auth.register.haveAccount')}{' '}
          <AppLink to="/login" className="is-underlined">
            {t('auth.register.toLogin')}
          </AppLink>
        </div>
      </div>
    </form>
  );
}
