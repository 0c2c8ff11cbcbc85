import type { CompanyDto } from '@elearn/shared';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { NotFoundView } from '@/components/error-view';
import { QueryState } from '@/components/query-state';
import { Notification } from '@/components/ui/notification';
import { isApiError } from '@/lib/api-client';
import { useCompanyByName } from '../api/get-company-by-name';
import { companyKeys } from '../api/keys';

/** The "not your company" message of a 403 on a company's pages. */
export function NotYourCompany() {
  const { t } = useTranslation();
  return (
    <>
      <h1 className="title is-3">{t('company.forbiddenTitle')}</h1>
      <Notification variant="warning" role="alert">
        <span data-testid="company-forbidden">{t('company.forbidden')}</span>
      </Notification>
    </>
  );
}

/** The address with another company short name (`/en/company/old/seminar` → `/en/company/new/seminar`). */
export const withShortName = (pathname: string, shortName: string) =>
  pathname.replace(/^((?:\/en)?\/company\/)[^/]+/, `$1${encodeURIComponent(shortName)}`);

/**
 * A renamed company: the server answers a former short name with the company, whose `shortName`
 * then differs from the address; the address is replaced with the current one (admin decision).
 */
function useCurrentShortName(name: string, company: CompanyDto | undefined) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { pathname, search, hash } = useLocation();
  const target = company && company.shortName !== name ? withShortName(pathname, company.shortName) : null;
  useEffect(() => {
    if (!company || !target || target === pathname) return;
    queryClient.setQueryData(companyKeys.byName(company.shortName), company);
    void navigate({ pathname: target, search, hash }, { replace: true });
  }, [company, target, pathname, search, hash, navigate, queryClient]);
}

/**
 * Loads the company of a `/company/{name}` page by its short name: an unknown name is "page not
 * found", a company the user doesn't belong to gets a clear message; else `children(company)`.
 */
export function CompanyGate({
  name,
  children,
}: {
  name: string;
  children: (company: CompanyDto) => ReactNode;
}) {
  const query = useCompanyByName(name);
  useCurrentShortName(name, query.data);
  if (query.isError && isApiError(query.error) && query.error.status === 403) return <NotYourCompany />;
  if (query.isError && isApiError(query.error) && query.error.status === 404) return <NotFoundView />;
  return <QueryState query={query}>{children}</QueryState>;
}
