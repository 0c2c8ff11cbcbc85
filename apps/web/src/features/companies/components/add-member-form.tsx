import { addMemberBodySchema } from '@elearn/shared';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { Button } from '@/components/ui/button';
import { FormError, InputField } from '@/components/ui/field';
import { applyServerErrors } from '@/lib/form-errors';
import { formResolver } from '@/lib/form-resolver';
import { notify } from '@/lib/notifications';
import { useAddMember } from '../api/add-member';
import '../companies.css';

type Input = z.input<typeof addMemberBodySchema>;
type Output = z.output<typeof addMemberBodySchema>;

/**
 * Invites a person by e-mail (`POST /api/companies/{id}/members`): the answer is the same whether
 * or not the address has an account; the person joins by accepting the invitation.
 */
export function AddMemberForm({ companyId }: { companyId: number }) {
  const { t } = useTranslation();
  const add = useAddMember();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<Input, unknown, Output>({
    resolver: formResolver(addMemberBodySchema),
    defaultValues: { email: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      const { message } = await add.mutateAsync({ companyId, email: values.email });
      notify('success', message);
      reset({ email: '' });
    } catch (error) {
      setFormError(applyServerErrors(error, setError, ['email']));
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby="add-member-title" data-testid="add-member-form">
      <h2 className="title is-5" id="add-member-title">
        {t('company.members.addTitle')}
      </h2>
      <p className="mb-3">{t('company.members.addText')}</p>
      <FormError message={formError} />
      <div className="columns is-align-items-flex-start">
        <div className="column">
          <InputField
            label={t('company.members.email')}
            type="email"
            autoComplete="off"
            registration={register('email')}
            error={errors.email?.message}
            id="add-member-email"
            data-testid="add-member-email"
          />
        </div>
        <div className="column is-narrow add-member-submit">
          <Button type="submit" variant="primary" isLoading={isSubmitting} data-testid="add-member-submit">
            {t('company.members.add')}
          </Button>
        </div>
      </div>
    </form>
  );
}
