import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { AppLink } from '@/components/app-link';
import { PageLoader } from '@/components/layout/page-loader';
import { ButtonLink } from '@/components/ui/button';
import { Notification } from '@/components/ui/notification';
import { isApiError } from '@/lib/api-client';
import { authKeys, useCurrentUser } from '@/lib/auth';
import { useVerifyEmail } from '../api/verify-email';
import { initialRegistrationState, type RegistrationState } from '../types';
import { ResendVerificationForm } from './resend-verification-form';

interface VerifyEmailStatusProps {
  id: string;
  hash: string;
  /** The mail link's query string (`?expires=…&signature=…`), verbatim. */
  search: string;
  /** Called once the answer is in, so the page can drop the signed query from the address bar. */
  onSettled?: () => void;
}

/** Confirms the address of a verification link and shows the outcome. */
export function VerifyEmailStatus({ id, hash, search, onSettled }: VerifyEmailStatusProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const user = useCurrentUser();
  const query = useVerifyEmail(id, hash, search);
  const apiError = isApiError(query.error) ? query.error : null;
  const state: RegistrationState = query.isSuccess
    ? { ...initialRegistrationState, valid: true, verified: true }
    : query.isError
      ? { ...initialRegistrationState, verificationError: apiError, errorMessage: apiError?.message ?? null }
      : initialRegistrationState;

  useEffect(() => {
    if (query.isSuccess) void queryClient.invalidateQueries({ queryKey: authKeys.user });
    if (!query.isPending) onSettled?.();
  }, [query.isSuccess, query.isPending, queryClient, onSettled]);

  if (query.isPending) return <PageLoader />;

  if (state.verified) {
    return (
      <div data-testid="verify-success">
        <Notification variant="success" role="status">
          <p className="has-text-weight-semibold">{t('auth.verify.successTitle')}</p>
          <p>{query.data?.message}</p>
        </Notification>
        {user ? (
          <ButtonLink to="/" variant="primary">
            {t('auth.verify.toHome')}
          </ButtonLink>
        ) : (
          <ButtonLink to="/login" variant="primary">
            {t('auth.verify.toLogin')}
          </ButtonLink>
        )}
      </div>
    );
  }

  return (
    <div data-testid="verify-error">
      <Notification variant="danger" role="alert">
        <p className="has-text-weight-semibold">{t('auth.verify.errorTitle')}</p>
        <p>{state.errorMessage ?? t('errors.unknown')}</p>
      </Notification>
      <p className="mb-3">{t('auth.verify.resendIntro')}</p>
      <ResendVerificationForm loggedIn={!!user} />
      <p className="mt-5">
        <AppLink to="/login">{t('auth.verify.toLogin')}</AppLink>
      </p>
    </div>
  );
}
