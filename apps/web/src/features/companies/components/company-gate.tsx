import type { CompanyDto } from '@elearn/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NotFoundView } from '@/components/error-view';
import { QueryState } from '@/components/query-state';
import { Notification } from '@/components/ui/notification';
import { isApiError } from '@/lib/api-client';
import { useCompanyByName } from '../api/get-company-by-name';

/** The "not your company" message of a 403 on a company's pages. */
export function NotYourCompany() {
  const { t } = useTranslation();
  return (
    <Notification variant="warning" role="alert">
      <span data-testid="company-forbidden">{t('company.forbidden')}</span>
    </Notification>
  );
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
  if (query.isError && isApiError(query.error) && query.error.status === 403) return <NotYourCompany />;
  if (query.isError && isApiError(query.error) && query.error.status === 404) return <NotFoundView />;
  return <QueryState query={query}>{children}</QueryState>;
}
