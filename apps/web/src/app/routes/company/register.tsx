import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { AppLink } from '@/components/app-link';
import { PageLoader } from '@/components/layout/page-loader';
import { QueryError } from '@/components/query-state';
import { Notification } from '@/components/ui/notification';
import { ResendVerificationForm } from '@/features/auth/components/resend-verification-form';
import { useInvitationInfo } from '@/features/companies/api/get-invitation-info';
import { CompanyRegisterForm } from '@/features/companies/components/company-register-form';
import { usePageTitle } from '@/hooks/use-page-title';
import { isApiError } from '@/lib/api-client';
import { useUser } from '@/lib/auth';
import { checkName, companyName } from './params';

export const check = checkName;

function InvitationProblem({ kind }: { kind: 'missing' | 'invalid' | 'expired' }) {
  const { t } = useTranslation();
  return (
    <div data-testid="invitation-problem" data-kind={kind}>
      <Notification variant="warning" role="alert">
        <p className="has-text-weight-semibold">{t(`company.register.problem.${kind}.title`)}</p>
        <p>{t(`company.register.problem.${kind}.text`)}</p>
      </Notification>
      <p>
        <AppLink to="/login">{t('auth.register.toLogin')}</AppLink>
      </p>
    </div>
  );
}

function Registered({ email, message }: { email: string; message: string }) {
  const { t } = useTranslation();
  return (
    <div data-testid="company-register-done">
      <Notification variant="success" role="status">
        <p className="has-text-weight-semibold">{t('auth.register.mailSentTitle')}</p>
        <p>{message || t('auth.register.mailSent', { email })}</p>
      </Notification>
      <p className="mb-3">{t('auth.register.noMail')}</p>
      <ResendVerificationForm email={email} />
      <p className="mt-5">
        <AppLink to="/login">{t('auth.register.toLogin')}</AppLink>
      </p>
    </div>
  );
}

/**
 * `/company/{name}/register?token=…`: a new employee registers into the company with the
 * invitation link its manager created; without a valid, unexpired invitation there is no form.
 */
export default function CompanyRegisterPage() {
  const { t } = useTranslation();
  const name = companyName(useParams())!;
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() || null;
  const user = useUser();
  const info = useInvitationInfo(token);
  const [done, setDone] = useState<{ email: string; message: string } | null>(null);
  usePageTitle(t('company.register.title'));

  const body = () => {
    if (done) return <Registered email={done.email} message={done.message} />;
    if (!token) return <InvitationProblem kind="missing" />;
    if (user.isPending || info.isPending) return <PageLoader />;
    if (info.isError) {
      if (isApiError(info.error) && info.error.status === 410) return <InvitationProblem kind="expired" />;
      if (isApiError(info.error) && info.error.status === 404) return <InvitationProblem kind="invalid" />;
      return <QueryError error={info.error} onRetry={() => void info.refetch()} />;
    }
    const company = info.data.company;
    if (company.shortName.toLowerCase() !== name.toLowerCase()) return <InvitationProblem kind="invalid" />;
    if (user.data) {
      return (
        <Notification variant="info" role="status">
          <span data-testid="company-register-logged-in">
            {t('company.register.loggedIn', { username: user.data.username, company: company.name })}
          </span>
        </Notification>
      );
    }
    return (
      <CompanyRegisterForm
        token={token}
        companyName={company.name}
        onRegistered={(email, message) => setDone({ email, message })}
      />
    );
  };

  return (
    <>
      <h1 className="title is-3" id="company-register-title">
        {info.data && !done
          ? t('company.register.titleOf', { company: info.data.company.name })
          : t('company.register.title')}
      </h1>
      {body()}
    </>
  );
}
