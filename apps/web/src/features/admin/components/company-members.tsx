import { type AdminCompanyDto, type AdminMemberDto, adminAddMemberBodySchema } from '@elearn/shared';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { z } from 'zod';
import { AppLink } from '@/components/app-link';
import { QueryState } from '@/components/query-state';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { CheckboxField, FormError, InputField } from '@/components/ui/field';
import { Notification } from '@/components/ui/notification';
import { Pagination } from '@/components/ui/pagination';
import { SearchBox } from '@/components/ui/search-box';
import { Table } from '@/components/ui/table';
import { applyServerErrors } from '@/lib/form-errors';
import { formResolver } from '@/lib/form-resolver';
import { notify } from '@/lib/notifications';
import { useAddCompanyMember } from '../api/add-company-member';
import { useAdminMembers } from '../api/get-admin-members';
import { useRemoveCompanyMember } from '../api/remove-company-member';
import { useSetCompanyManager } from '../api/set-company-manager';
import { errorText } from '../error-text';
import { personName } from '../format';
import { ScopeTags } from './tags';
import '../admin.css';

type Input = z.input<typeof adminAddMemberBodySchema>;
type Output = z.output<typeof adminAddMemberBodySchema>;

/** Adds an existing account by e-mail, optionally as manager. */
function AddMemberForm({ company }: { company: AdminCompanyDto }) {
  const { t } = useTranslation();
  const add = useAddCompanyMember();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<Input, unknown, Output>({
    resolver: formResolver(adminAddMemberBodySchema),
    defaultValues: { email: '', manager: false },
  });

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      const member = await add.mutateAsync({
        companyId: company.id,
        email: values.email,
        manager: values.manager,
      });
      notify('success', t('admin.members.added', { name: personName(member), company: company.name }));
      reset({ email: '', manager: false });
    } catch (error) {
      setFormError(applyServerErrors(error, setError, ['email', 'manager']));
    }
  });

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-labelledby="admin-add-member-title"
      data-testid="admin-add-member-form"
    >
      <h3 className="title is-6" id="admin-add-member-title">
        {t('admin.members.addTitle')}
      </h3>
      <FormError message={formError} />
      <div className="columns is-align-items-flex-start">
        <div className="column">
          <InputField
            label={t('admin.members.email')}
            type="email"
            autoComplete="off"
            registration={register('email')}
            error={errors.email?.message}
            id="admin-add-member-email"
            data-testid="admin-add-member-email"
          />
          <CheckboxField
            label={t('admin.members.asManager')}
            registration={register('manager')}
            data-testid="admin-add-member-manager"
          />
          {errors.manager?.message ? <FormError message={errors.manager.message} /> : null}
        </div>
        <div className="column is-narrow admin-form-submit">
          <Button
            type="submit"
            variant="primary"
            isLoading={isSubmitting}
            data-testid="admin-add-member-submit"
          >
            {t('admin.members.add')}
          </Button>
        </div>
      </div>
    </form>
  );
}

/** the page of the address (`?page=`), 1 when missing or not a page number */
function pageOf(params: URLSearchParams): number {
  const raw = params.get('page');
  return raw && /^\d{1,6}$/.test(raw) ? Math.max(1, Number(raw)) : 1;
}

/**
 * The members of a company, a page at a time with a search in name, username and e-mail (page
 * and search in the address): manager on/off, remove (asks first), add by e-mail.
 */
export function CompanyMembers({ company }: { company: AdminCompanyDto }) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const q = params.get('q')?.trim().slice(0, 100) || undefined;
  const members = useAdminMembers(company.id, { page: pageOf(params), ...(q ? { q } : {}) });
  const setManager = useSetCompanyManager();
  const remove = useRemoveCompanyMember();
  const [removing, setRemoving] = useState<AdminMemberDto | null>(null);
  const [removeError, setRemoveError] = useState<string | null>(null);
  const [error, setErrorText] = useState<string | null>(null);

  const toggleManager = async (member: AdminMemberDto) => {
    setErrorText(null);
    try {
      await setManager.mutateAsync({ companyId: company.id, userId: member.id, manager: !member.manager });
      notify(
        'success',
        t(member.manager ? 'admin.members.managerUnset' : 'admin.members.managerSet', {
          name: personName(member),
        }),
      );
    } catch (failure) {
      setErrorText(errorText(failure, t('admin.members.failed')));
    }
  };

  const confirmRemove = async () => {
    if (!removing) return;
    setRemoveError(null);
    try {
      await remove.mutateAsync({ companyId: company.id, userId: removing.id });
      notify('success', t('admin.members.removed', { name: personName(removing), company: company.name }));
      setRemoving(null);
    } catch (failure) {
      setRemoveError(errorText(failure, t('admin.members.failed')));
    }
  };

  return (
    <section aria-labelledby="admin-members-title" data-testid="admin-members">
      <h2 className="title is-5" id="admin-members-title">
        {t('admin.members.title')}
      </h2>
      {error ? (
        <Notification variant="danger" role="alert" onClose={() => setErrorText(null)}>
          <span data-testid="admin-members-error">{error}</span>
        </Notification>
      ) : null}
      {q || (members.data?.total ?? 0) > 0 ? (
        <SearchBox label={t('admin.members.search')} testId="admin-members-search" />
      ) : null}
      <QueryState query={members}>
        {(result) =>
          result.data.length === 0 ? (
            <div className="mb-4" data-testid="admin-members-empty">
              <p className="has-text-grey">
                {q
                  ? t('admin.members.noMatch')
                  : result.total > 0
                    ? t('admin.members.pageEmpty')
                    : t('admin.members.empty')}
              </p>
              <Pagination current={result.current_page} last={result.last_page} />
            </div>
          ) : (
            <>
              <p className="mb-3 has-text-grey" aria-live="polite" data-testid="admin-members-total">
                {t('admin.members.total', { count: result.total })}
              </p>
              <Table
                headers={[
                  t('admin.users.name'),
                  t('admin.users.email'),
                  t('admin.users.scopes'),
                  t('admin.members.role'),
                  <span className="is-sr-only" key="actions">
                    {t('admin.members.actions')}
                  </span>,
                ]}
                labelledBy="admin-members-title"
                testId="admin-members-table"
              >
                {result.data.map((member) => (
                  <tr key={member.id} data-testid="admin-member-row" data-user-id={member.id}>
                    <td>
                      <AppLink to={`/admin/users/${member.id}`}>{personName(member)}</AppLink>
                    </td>
                    <td className="admin-break">{member.email}</td>
                    <td>
                      <ScopeTags scopes={member.scopes} />
                    </td>
                    <td data-testid="admin-member-role">
                      {member.manager ? t('admin.company.manager') : t('admin.members.member')}
                    </td>
                    <td>
                      <div className="buttons is-right">
                        <Button
                          size="small"
                          onClick={() => void toggleManager(member)}
                          isLoading={setManager.isPending && setManager.variables?.userId === member.id}
                          title={
                            !member.manager && !member.scopes.includes('corporateTraining')
                              ? t('admin.members.needsScope')
                              : undefined
                          }
                          data-testid="admin-member-manager"
                        >
                          {member.manager ? t('admin.members.unsetManager') : t('admin.members.setManager')}
                        </Button>
                        <Button
                          size="small"
                          variant="danger"
                          outlined
                          onClick={() => {
                            setRemoveError(null);
                            setRemoving(member);
                          }}
                          data-testid="admin-member-remove"
                        >
                          {t('admin.members.remove')}
                        </Button>
                      </div>
                    </td>
                  </tr>
                ))}
              </Table>
              <Pagination current={result.current_page} last={result.last_page} />
            </>
          )
        }
      </QueryState>
      <AddMemberForm company={company} />
      <ConfirmDialog
        open={removing !== null}
        title={t('admin.members.removeTitle', { name: removing ? personName(removing) : '' })}
        confirmLabel={t('admin.members.remove')}
        onConfirm={() => void confirmRemove()}
        onCancel={() => setRemoving(null)}
        busy={remove.isPending}
        error={removeError}
      >
        <p>{t('admin.members.removeText', { company: company.name })}</p>
      </ConfirmDialog>
    </section>
  );
}
