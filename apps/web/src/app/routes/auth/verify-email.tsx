import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Params, useLocation, useNavigate, useParams } from 'react-router';
import { VerifyEmailStatus } from '@/features/auth/components/verify-email-status';
import { usePageTitle } from '@/hooks/use-page-title';

/** The page needs both the id and the hash of the mail link. */
export const check = (params: Params) => Boolean(params.id && params.hash);

export default function VerifyEmailPage() {
  const { t } = useTranslation();
  const { id = '', hash = '' } = useParams();
  const location = useLocation();
  // the signed query of the mail link, kept before it is dropped from the address bar
  const [search] = useState(() => location.search);
  usePageTitle(t('auth.verify.title'));

  // replaces the history entry (history.replaceState through the router, so it stays in sync)
  const navigate = useNavigate();
  const { pathname, hash: urlHash, search: currentSearch } = location;
  const dropQuery = useCallback(() => {
    if (currentSearch)
      void navigate({ pathname, hash: urlHash }, { replace: true, preventScrollReset: true });
  }, [navigate, pathname, urlHash, currentSearch]);

  return (
    <>
      <h1 className="title is-3" id="verify-title">
        {t('auth.verify.title')}
      </h1>
      <VerifyEmailStatus id={id} hash={hash} search={search} onSettled={dropQuery} />
    </>
  );
}
