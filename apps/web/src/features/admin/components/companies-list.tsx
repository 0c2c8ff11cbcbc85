import { createCompanyBodySchema } from '@elearn/shared';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import type { z } from 'zod';
import { AppLink } from '@/components/app-link';
import { QueryState } from '@/components/query-state';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { FormError, InputField } from '@/components/ui/field';
import { Pagination } from '@/components/ui/pagination';
import { SearchBox } from '@/components/ui/search-box';
import { Table } from '@/components/ui/table';
import { useLocalizePath } from '@/hooks/use-locale';
import { applyServerErrors } from '@/lib/form-errors';
import { formResolver } from '@/lib/form-resolver';
import { notify } from '@/lib/notifications';
import { useCreateCompany } from '../api/create-company';
import { useAdminCompanies } from '../api/get-admin-companies';
import { COMPANY_FILTERS, readListQuery } from '../filters';
import { personName, useAdminFormat } from '../format';
import '../admin.css';

type Input = z.input<typeof createCompanyBodySchema>;
type Output = z.output<typeof createCompanyBodySchema>;

/** A new company (name + short name); the short name is checked like the server does. */
export function CreateCompanyForm() {
  const { t } = useTranslation();
  const create = useCreateCompany();
  const navigate = useNavigate();
  const localize = useLocalizePath();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<Input, unknown, Output>({
    resolver: formResolver(createCompanyBodySchema),
    defaultValues: { name: '', shortName: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      const company = await create.mutateAsync(values);
      notify('success', t('admin.companies.created', { name: company.name }));
      void navigate(localize(`/admin/companies/${company.id}`));
    } catch (error) {
      setFormError(applyServerErrors(error, setError, ['name', 'shortName']));
    }
  });

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      className="box"
      aria-labelledby="create-company-title"
      data-testid="create-company-form"
    >
      <h2 className="title is-5" id="create-company-title">
        {t('admin.companies.createTitle')}
      </h2>
      <FormError message={formError} />
      <div className="columns is-align-items-flex-start">
        <div className="column">
          <InputField
            label={t('admin.company.name')}
            registration={register('name')}
            error={errors.name?.message}
            maxLength={200}
            id="create-company-name"
            data-testid="create-company-name"
          />
        </div>
        <div className="column">
          <InputField
            label={t('admin.company.shortName')}
            registration={register('shortName')}
            error={errors.shortName?.message}
            help={t('admin.company.shortNameHelp')}
            maxLength={40}
            autoCapitalize="none"
            spellCheck={false}
            id="create-company-short-name"
            data-testid="create-company-short-name"
          />
        </div>
        <div className="column is-narrow admin-form-submit">
          <Button
            type="submit"
            variant="primary"
            isLoading={isSubmitting}
            data-testid="create-company-submit"
          >
            {t('admin.companies.create')}
          </Button>
        </div>
      </div>
    </form>
  );
}

/** `/admin/companies`: search, one page of companies and the form for a new one. */
export function CompaniesList() {
  const { t } = useTranslation();
  const format = useAdminFormat();
  const [params] = useSearchParams();
  const query = readListQuery(COMPANY_FILTERS, params);
  const companies = useAdminCompanies(query);

  return (
    <>
      <CreateCompanyForm />
      <SearchBox label={t('admin.companies.search')} testId="company-search" />
      <QueryState query={companies}>
        {(result) =>
          result.total === 0 ? (
            <EmptyState
              title={query.q ? t('admin.companies.noMatch') : t('admin.companies.empty')}
              testId="companies-empty"
            />
          ) : (
            <>
              <Table
                headers={[
                  t('admin.company.name'),
                  t('admin.company.shortName'),
                  t('admin.company.members'),
                  t('admin.company.managers'),
                  t('admin.company.bookings'),
                  t('admin.company.seminars'),
                  t('admin.company.created'),
                ]}
                labelledBy="admin-page-title"
                testId="companies-table"
              >
                {result.data.map((company) => (
                  <tr key={company.id} data-testid="company-row" data-company-id={company.id}>
                    <td>
                      <AppLink to={`/admin/companies/${company.id}`} data-testid="company-link">
                        {company.name}
                      </AppLink>
                    </td>
                    <td>
                      <code>{company.shortName}</code>
                      {company.former_short_names.length > 0 ? (
                        <p className="is-size-7 has-text-grey">
                          {t('admin.company.formerly', { names: company.former_short_names.join(', ') })}
                        </p>
                      ) : null}
                    </td>
                    <td>{company.members_count}</td>
                    <td>
                      {company.managers.length === 0 ? '—' : company.managers.map(personName).join(', ')}
                    </td>
                    <td>{company.bookings_count}</td>
                    <td>{company.seminars_count}</td>
                    <td>{format.date(company.created_at)}</td>
                  </tr>
                ))}
              </Table>
              <Pagination current={result.current_page} last={result.last_page} />
            </>
          )
        }
      </QueryState>
    </>
  );
}
