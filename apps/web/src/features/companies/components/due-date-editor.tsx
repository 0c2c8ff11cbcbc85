import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { isApiError } from '@/lib/api-client';
import { notify } from '@/lib/notifications';
import { useSetDueDate } from '../api/set-due-date';

/**
 * The due date of one employee's assignment (issue 36 item 5): a date field with "save", and
 * "remove" while a date is set. A refusal of the server (not a date, in the past) shows under
 * the field.
 */
export function DueDateEditor({
  companyId,
  seminarId,
  userId,
  name,
  dueDate,
}: {
  companyId: number;
  seminarId: number;
  userId: number;
  name: string;
  dueDate: string | null;
}) {
  const { t } = useTranslation();
  const save = useSetDueDate(companyId);
  const [value, setValue] = useState(dueDate ?? '');
  const [error, setError] = useState<string | null>(null);
  useEffect(() => setValue(dueDate ?? ''), [dueDate]);
  const send = (due: string | null) => {
    setError(null);
    save.mutate(
      { user_id: userId, seminar_id: seminarId, due_date: due },
      {
        onSuccess: () =>
          notify('success', t(due ? 'company.assign.dueSaved' : 'company.assign.dueCleared', { name })),
        onError: (err) =>
          setError(isApiError(err) ? (err.errors.due_date?.[0] ?? err.message) : t('errors.unknown')),
      },
    );
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    send(value || null);
  };
  return (
    <form onSubmit={onSubmit} className="due-date-editor" data-testid="due-date-editor">
      <div className="field has-addons mb-0">
        <div className="control">
          <input
            className={`input is-small${error ? ' is-danger' : ''}`}
            type="date"
            value={value}
            onChange={(event) => setValue(event.target.value)}
            aria-label={t('company.assign.dueDateOf', { name })}
            aria-invalid={error ? true : undefined}
            data-testid="due-date-input"
          />
        </div>
        <div className="control">
          <Button
            type="submit"
            size="small"
            variant="primary"
            outlined
            isLoading={save.isPending}
            disabled={value === (dueDate ?? '')}
            data-testid="due-date-save"
          >
            {t('company.assign.saveDue')}
          </Button>
        </div>
        {dueDate ? (
          <div className="control">
            <Button
              size="small"
              onClick={() => send(null)}
              aria-label={t('company.assign.clearDueItem', { name })}
              data-testid="due-date-clear"
            >
              {t('company.assign.clearDue')}
            </Button>
          </div>
        ) : null}
      </div>
      {error ? (
        <p className="help is-danger" role="alert" data-testid="due-date-error">
          {error}
        </p>
      ) : null}
    </form>
  );
}
