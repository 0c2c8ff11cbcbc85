import { type AdminCompanyDto, updateCompanyBodySchema } from '@elearn/shared';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { AppLink } from '@/components/app-link';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { FormError, InputField } from '@/components/ui/field';
import { useLocalizePath } from '@/hooks/use-locale';
import { usePageTitle } from '@/hooks/use-page-title';
import { applyServerErrors } from '@/lib/form-errors';
import { formResolver } from '@/lib/form-resolver';
import { notify } from '@/lib/notifications';
import { useDeleteCompany } from '../api/delete-company';
import { useUpdateCompany } from '../api/update-company';
import { errorText } from '../error-text';
import { useAdminFormat } from '../format';
import { CompanyMembers } from './company-members';

type Input = z.input<typeof updateCompanyBodySchema>;
type Output = z.output<typeof updateCompanyBodySchema>;

/** Only the fields that changed (the server records before/after of exactly these). */
export function companyChanges(
  company: { name: string; shortName: string },
  values: { name?: string; shortName?: string },
): { name?: string; shortName?: string } {
  const changes: { name?: string; shortName?: string } = {};
  if (values.name !== undefined && values.name !== company.name) changes.name = values.name;
  if (values.shortName !== undefined && values.shortName !== company.shortName)
    changes.shortName = values.shortName;
  return changes;
}

/** Rename the company and change its short name (old `/company/{name}` links keep working). */
function CompanyEditForm({ company }: { company: AdminCompanyDto }) {
  const { t } = useTranslation();
  const update = useUpdateCompany();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<Input, unknown, Output>({
    resolver: formResolver(updateCompanyBodySchema),
    defaultValues: { name: company.name, shortName: company.shortName },
  });

  // a saved change (or another tab's) becomes the new starting point of the form
  useEffect(
    () => reset({ name: company.name, shortName: company.shortName }),
    [company.name, company.shortName, reset],
  );

  const shortName = watch('shortName');
  const renaming = (shortName ?? '').trim().toLowerCase() !== company.shortName;

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    const changes = companyChanges(company, values);
    if (Object.keys(changes).length === 0) {
      notify('info', t('admin.company.nothingChanged'));
      return;
    }
    try {
      const saved = await update.mutateAsync({ id: company.id, input: changes });
      notify('success', t('admin.company.saved', { name: saved.name }));
    } catch (error) {
      setFormError(applyServerErrors(error, setError, ['name', 'shortName']));
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby="edit-company-title" data-testid="edit-company-form">
      <h2 className="title is-5" id="edit-company-title">
        {t('admin.company.editTitle')}
      </h2>
      <FormError message={formError} />
      <InputField
        label={t('admin.company.name')}
        registration={register('name')}
        error={errors.name?.message}
        maxLength={200}
        id="edit-company-name"
        data-testid="edit-company-name"
      />
      <InputField
        label={t('admin.company.shortName')}
        registration={register('shortName')}
        error={errors.shortName?.message}
        help={
          renaming
            ? t('admin.company.renameHelp', { old: company.shortName })
            : t('admin.company.shortNameHelp')
        }
        maxLength={40}
        autoCapitalize="none"
        spellCheck={false}
        id="edit-company-short-name"
        data-testid="edit-company-short-name"
      />
      <Button type="submit" variant="primary" isLoading={isSubmitting} data-testid="edit-company-submit">
        {t('admin.company.save')}
      </Button>
    </form>
  );
}

/** Delete the company: only an empty one (the server answers 409 otherwise); asks first. */
function DeleteCompany({ company }: { company: AdminCompanyDto }) {
  const { t } = useTranslation();
  const remove = useDeleteCompany();
  const navigate = useNavigate();
  const localize = useLocalizePath();
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const empty = company.members_count === 0 && company.bookings_count === 0 && company.seminars_count === 0;

  const run = async () => {
    setError(null);
    try {
      await remove.mutateAsync(company.id);
      notify('success', t('admin.company.deleted', { name: company.name }));
      setOpen(false);
      void navigate(localize('/admin/companies'));
    } catch (failure) {
      setError(errorText(failure, t('admin.company.deleteFailed')));
    }
  };

  return (
    <section aria-labelledby="delete-company-title" data-testid="delete-company">
      <h2 className="title is-5" id="delete-company-title">
        {t('admin.company.deleteTitle')}
      </h2>
      <p className="mb-3">{empty ? t('admin.company.deleteText') : t('admin.company.notEmpty')}</p>
      <Button
        variant="danger"
        outlined
        onClick={() => {
          setError(null);
          setOpen(true);
        }}
        data-testid="delete-company-open"
      >
        {t('admin.company.delete')}
      </Button>
      <ConfirmDialog
        open={open}
        title={t('admin.company.deleteConfirmTitle', { name: company.name })}
        confirmLabel={t('admin.company.delete')}
        onConfirm={() => void run()}
        onCancel={() => setOpen(false)}
        busy={remove.isPending}
        error={error}
      >
        <p>{t('admin.company.deleteConfirmText')}</p>
      </ConfirmDialog>
    </section>
  );
}

/** `/admin/companies/{id}`: facts, rename, members and delete. */
export function CompanyDetail({ company }: { company: AdminCompanyDto }) {
  const { t } = useTranslation();
  const format = useAdminFormat();
  usePageTitle(t('admin.company.title', { name: company.name }));
  return (
    <article data-testid="admin-company" data-company-id={company.id}>
      <p className="mb-2">
        <AppLink to="/admin/companies">{t('admin.company.back')}</AppLink>
      </p>
      <h1 className="title is-3" id="admin-page-title" data-testid="admin-company-name">
        {company.name}
      </h1>
      <p className="subtitle is-6">
        <AppLink to={`/company/${encodeURIComponent(company.shortName)}`} data-testid="admin-company-page">
          /company/{company.shortName}
        </AppLink>
        {company.former_short_names.length > 0 ? (
          <span className="has-text-grey" data-testid="admin-company-former">
            {' · '}
            {t('admin.company.formerly', { names: company.former_short_names.join(', ') })}
          </span>
        ) : null}
      </p>
      <div className="field is-grouped is-grouped-multiline mb-5">
        {(
          [
            ['members', company.members_count],
            ['bookings', company.bookings_count],
            ['seminars', company.seminars_count],
          ] as const
        ).map(([key, value]) => (
          <div className="control" key={key}>
            <div className="tags has-addons">
              <span className="tag">{t(`admin.company.${key}`)}</span>
              <span className="tag is-info is-light" data-testid={`admin-company-${key}`}>
                {value}
              </span>
            </div>
          </div>
        ))}
        <div className="control">
          <div className="tags has-addons">
            <span className="tag">{t('admin.company.created')}</span>
            <span className="tag is-light">{format.date(company.created_at)}</span>
          </div>
        </div>
      </div>

      <div className="box">
        <CompanyMembers company={company} />
      </div>
      <div className="columns">
        <div className="column">
          <div className="box">
            <CompanyEditForm company={company} />
          </div>
        </div>
        <div className="column">
          <div className="box">
            <DeleteCompany company={company} />
          </div>
        </div>
      </div>
    </article>
  );
}
