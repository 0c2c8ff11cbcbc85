import type { MemberInvitationInfo } from '@elearn/shared';
import { useTranslation } from 'react-i18next';
import { useLocation, useParams } from 'react-router';
import { AppLink } from '@/components/app-link';
import { PageLoader } from '@/components/layout/page-loader';
import { QueryError } from '@/components/query-state';
import { Button } from '@/components/ui/button';
import { Notification } from '@/components/ui/notification';
import { loginHref } from '@/config/paths';
import { useAcceptMemberInvitation } from '@/features/companies/api/accept-member-invitation';
import { useMemberInvitationInfo } from '@/features/companies/api/get-member-invitation-info';
import { formatDateTime } from '@/features/companies/format';
import { useLocale } from '@/hooks/use-locale';
import { usePageTitle } from '@/hooks/use-page-title';
import { isApiError } from '@/lib/api-client';
import { useUser } from '@/lib/auth';

export const check = (params: { token?: string }) => !!params.token && params.token.length <= 200;

function Problem({ kind }: { kind: 'invalid' | 'expired' }) {
  const { t } = useTranslation();
  return (
    <div data-testid="join-problem" data-kind={kind}>
      <Notification variant="warning" role="alert">
        <p className="has-text-weight-semibold">{t(`company.join.problem.${kind}.title`)}</p>
        <p>{t(`company.join.problem.${kind}.text`)}</p>
      </Notification>
    </div>
  );
}

function Accept({ token, info }: { token: string; info: MemberInvitationInfo }) {
  const { t } = useTranslation();
  const location = useLocation();
  const user = useUser();
  const accept = useAcceptMemberInvitation();

  if (user.isPending) return <PageLoader />;
  const me = user.data;
  if (!me) {
    return (
      <div data-testid="join-guest">
        <p className="mb-4">{t('company.join.guest', { email: info.email })}</p>
        <div className="buttons">
          <AppLink className="button is-primary" to={loginHref('/login', location.pathname)}>
            {t('company.join.login')}
          </AppLink>
          <AppLink className="button is-light" to="/register">
            {t('company.join.register')}
          </AppLink>
        </div>
      </div>
    );
  }
  if (me.email.toLowerCase() !== info.email) {
    return (
      <Notification variant="warning" role="status">
        <span data-testid="join-other-address">
          {t('company.join.otherAddress', { username: me.username, email: info.email })}
        </span>
      </Notification>
    );
  }
  if (!me.email_verified_at) {
    return (
      <Notification variant="warning" role="status">
        <span data-testid="join-unverified">{t('company.join.unverified')}</span>
      </Notification>
    );
  }
  if (accept.isSuccess) {
    return (
      <div data-testid="join-done">
        <Notification variant="success" role="status">
          {accept.data.message}
        </Notification>
        <AppLink className="button is-primary" to="/seminar">
          {t('company.join.toSeminars')}
        </AppLink>
      </div>
    );
  }
  return (
    <>
      {accept.isError ? (
        <Notification variant="danger" role="alert">
          {accept.error.message}
        </Notification>
      ) : null}
      <Button
        variant="primary"
        isLoading={accept.isPending}
        onClick={() => accept.mutate(token)}
        data-testid="join-accept"
      >
        {t('company.join.accept')}
      </Button>
    </>
  );
}

/**
 * `/company/join/{token}`: the invitation a company's manager sent to an e-mail address. Its
 * holder, logged in with that address, accepts it and joins the company (issue 11 item 18).
 */
export default function CompanyJoinPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const token = useParams().token ?? '';
  const info = useMemberInvitationInfo(token);
  usePageTitle(
    info.data ? t('company.join.titleOf', { company: info.data.company.name }) : t('company.join.title'),
  );

  const body = () => {
    if (info.isPending) return <PageLoader />;
    if (info.isError) {
      if (isApiError(info.error) && info.error.status === 410) return <Problem kind="expired" />;
      if (isApiError(info.error) && info.error.status === 404) return <Problem kind="invalid" />;
      return <QueryError error={info.error} onRetry={() => void info.refetch()} />;
    }
    return (
      <>
        <p className="mb-4" data-testid="join-intro">
          {t('company.join.intro', {
            company: info.data.company.name,
            email: info.data.email,
            date: formatDateTime(info.data.expires_at, locale),
          })}
        </p>
        <Accept token={token} info={info.data} />
      </>
    );
  };

  return (
    <>
      <h1 className="title is-3">
        {info.data ? t('company.join.titleOf', { company: info.data.company.name }) : t('company.join.title')}
      </h1>
      {body()}
    </>
  );
}
