import type { CompanyAssignment, EmployeeDto, EmployeePage } from '@elearn/shared';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { Notification } from '@/components/ui/notification';
import { Pagination } from '@/components/ui/pagination';
import { SearchBox } from '@/components/ui/search-box';
import { Table } from '@/components/ui/table';
import { useLocale } from '@/hooks/use-locale';
import { formatDate } from '@/lib/format';
import { notify } from '@/lib/notifications';
import { useAssignSeminar } from '../api/assign-seminar';
import { useUnassignSeminar } from '../api/unassign-seminar';
import { personName } from '../format';
import { DueDateEditor } from './due-date-editor';
import { GenerateLinkDialog, type LinkTarget } from './generate-link-dialog';
import '../companies.css';

/** The ids of `employees` that are selected, split into not yet assigned and assigned. */
export function splitSelection(
  selected: ReadonlySet<number>,
  assigned: ReadonlyMap<number, CompanyAssignment>,
): { toAssign: number[]; toUnassign: number[] } {
  const ids = [...selected].sort((a, b) => a - b);
  return {
    toAssign: ids.filter((id) => !assigned.has(id)),
    toUnassign: ids.filter((id) => assigned.has(id)),
  };
}

/** "Select all shown" of a list: checked, unchecked or mixed. */
function SelectAll({
  shownIds,
  selected,
  onChange,
}: {
  shownIds: number[];
  selected: ReadonlySet<number>;
  onChange: (all: boolean) => void;
}) {
  const { t } = useTranslation();
  const ref = useRef<HTMLInputElement>(null);
  const count = shownIds.filter((id) => selected.has(id)).length;
  const all = shownIds.length > 0 && count === shownIds.length;
  const some = count > 0 && !all;
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = some;
  }, [some]);
  return (
    <label className="checkbox">
      <input
        ref={ref}
        type="checkbox"
        checked={all}
        aria-checked={some ? 'mixed' : all}
        onChange={(event) => onChange(event.target.checked)}
        disabled={shownIds.length === 0}
        data-testid="assign-select-all"
      />{' '}
      {t('company.assign.selectAll')}
    </label>
  );
}

/** the employees on the assign page at a time (issue 39: the server pages and searches them) */
export const ASSIGN_PER_PAGE = 50;

/**
 * Assigns the company's employees to a seminar the company booked, and takes them off again:
 * search, select several (or all shown; the selection stays across pages and searches), then
 * assign or unassign (after a confirmation). An assigned employee can get an access link that
 * plays the seminar without a login. `result` is a page of the employees (`?page=`, `?q=`).
 */
export function AssignEmployees({
  seminarId,
  seminarTitle,
  companyId,
  result,
  q,
  assignments,
}: {
  seminarId: number;
  seminarTitle: string;
  companyId: number;
  result: EmployeePage;
  q: string;
  /** this company's assignments of the seminar */
  assignments: CompanyAssignment[];
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const dueId = `assign-due${useId().replace(/:/g, '')}`;
  const assign = useAssignSeminar();
  const unassign = useUnassignSeminar();
  const [selected, setSelected] = useState<Set<number>>(() => new Set());
  const [confirmUnassign, setConfirmUnassign] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [linkTarget, setLinkTarget] = useState<LinkTarget | null>(null);
  const [dueForAll, setDueForAll] = useState('');

  const assigned = useMemo(() => new Map(assignments.map((row) => [row.user.id, row])), [assignments]);
  // the employees seen on any page, for the names of a selection made over several pages
  const seen = useRef(new Map<number, EmployeeDto>());
  for (const employee of result.data) seen.current.set(employee.id, employee);
  const shown = result.data;
  const shownIds = shown.map((employee) => employee.id);
  const { toAssign, toUnassign } = splitSelection(selected, assigned);
  const nameOf = (id: number) => {
    const employee = seen.current.get(id);
    return employee ? personName(employee) : String(id);
  };

  const toggle = (id: number, on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  const toggleShown = (on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      for (const id of shownIds) {
        if (on) next.add(id);
        else next.delete(id);
      }
      return next;
    });

  const doAssign = () => {
    setError(null);
    assign.mutate(
      { users: toAssign, seminarId, companyId, ...(dueForAll ? { due_date: dueForAll } : {}) },
      {
        onSuccess: () => {
          notify('success', t('company.assign.assigned', { count: toAssign.length, title: seminarTitle }));
          setSelected(new Set());
          setDueForAll('');
        },
        onError: (err) => setError(err.message),
      },
    );
  };
  const doUnassign = () => {
    setError(null);
    unassign.mutate(
      { users: toUnassign, seminarId, companyId },
      {
        onSuccess: () => {
          notify(
            'success',
            t('company.assign.unassigned', { count: toUnassign.length, title: seminarTitle }),
          );
          setSelected(new Set());
          setConfirmUnassign(false);
        },
        onError: (err) => {
          setError(err.message);
          setConfirmUnassign(false);
        },
      },
    );
  };

  if (result.total === 0 && !q) {
    return (
      <EmptyState title={t('company.assign.noEmployees')} testId="assign-no-employees">
        <p>{t('company.assign.noEmployeesText')}</p>
      </EmptyState>
    );
  }

  return (
    <div data-testid="assign-employees">
      {error ? (
        <Notification variant="danger" role="alert" onClose={() => setError(null)}>
          <span data-testid="assign-error">{error}</span>
        </Notification>
      ) : null}
      <SearchBox label={t('company.assign.search')} testId="assign-search" />
      <div className="assign-toolbar mb-3">
        <SelectAll shownIds={shownIds} selected={selected} onChange={toggleShown} />
        <span className="has-text-grey" aria-live="polite" data-testid="assign-selected-count">
          {t('company.assign.selected', { count: selected.size })}
        </span>
        <div className="field mb-0">
          <label className="label is-small" htmlFor={dueId}>
            {t('company.assign.dueForAll')}
          </label>
          <div className="control">
            <input
              id={dueId}
              className="input is-small"
              type="date"
              value={dueForAll}
              onChange={(event) => setDueForAll(event.target.value)}
              data-testid="assign-due-date"
            />
          </div>
        </div>
        <div className="buttons mb-0">
          <Button
            variant="primary"
            onClick={doAssign}
            disabled={toAssign.length === 0}
            isLoading={assign.isPending}
            data-testid="assign-submit"
          >
            {t('company.assign.assign', { count: toAssign.length })}
          </Button>
          <Button
            variant="danger"
            outlined
            onClick={() => setConfirmUnassign(true)}
            disabled={toUnassign.length === 0}
            data-testid="unassign-submit"
          >
            {t('company.assign.unassign', { count: toUnassign.length })}
          </Button>
        </div>
      </div>
      {shown.length === 0 ? (
        <EmptyState
          title={q ? t('company.employees.noMatches', { q }) : t('company.links.pageEmpty')}
          testId="assign-no-matches"
        />
      ) : (
        <Table
          headers={[
            <span key="select" className="is-sr-only">
              {t('company.assign.selectColumn')}
            </span>,
            t('company.employees.name'),
            t('company.employees.email'),
            t('company.assign.status'),
            t('company.assign.dueDate'),
            <span key="actions" className="is-sr-only">
              {t('company.employees.actions')}
            </span>,
          ]}
          testId="assign-table"
        >
          {shown.map((employee) => {
            const row = assigned.get(employee.id);
            const checkboxId = `assign-${employee.id}`;
            const isSelected = selected.has(employee.id);
            return (
              <tr
                key={employee.id}
                className={['assign-row', isSelected && 'is-selected'].filter(Boolean).join(' ')}
                data-testid="assign-row"
                data-user-id={employee.id}
                data-assigned={row ? 'true' : 'false'}
              >
                <td>
                  <input
                    id={checkboxId}
                    type="checkbox"
                    checked={isSelected}
                    onChange={(event) => toggle(employee.id, event.target.checked)}
                    aria-label={t('company.assign.selectItem', { name: personName(employee) })}
                    data-testid="assign-checkbox"
                  />
                </td>
                <td>
                  <label htmlFor={checkboxId} data-testid="assign-name">
                    {personName(employee)}
                  </label>
                </td>
                <td>{employee.email}</td>
                <td>
                  {row ? (
                    <span className="tag is-success is-light" data-testid="assign-status">
                      {t('company.assign.assignedSince', { date: formatDate(row.assigned_at, locale) })}
                    </span>
                  ) : (
                    <span className="tag is-light" data-testid="assign-status">
                      {t('company.assign.notAssigned')}
                    </span>
                  )}
                </td>
                <td data-testid="assign-due">
                  {row ? (
                    <DueDateEditor
                      companyId={companyId}
                      seminarId={seminarId}
                      userId={employee.id}
                      name={personName(employee)}
                      dueDate={row.due_date}
                    />
                  ) : null}
                </td>
                <td className="has-text-right">
                  {row ? (
                    <Button
                      size="small"
                      onClick={() =>
                        setLinkTarget({ seminarId, bookingId: row.booking_id, name: personName(employee) })
                      }
                      aria-label={t('company.assign.linkItem', { name: personName(employee) })}
                      data-testid="assign-create-link"
                    >
                      {t('company.assign.link')}
                    </Button>
                  ) : null}
                </td>
              </tr>
            );
          })}
        </Table>
      )}
      <Pagination current={result.current_page} last={result.last_page} />
      <ConfirmDialog
        open={confirmUnassign}
        title={t('company.assign.unassignTitle')}
        confirmLabel={t('company.assign.unassign', { count: toUnassign.length })}
        onConfirm={doUnassign}
        onCancel={() => setConfirmUnassign(false)}
        busy={unassign.isPending}
      >
        <p className="mb-2">{t('company.assign.unassignConfirm', { title: seminarTitle })}</p>
        <ul className="company-name-list">
          {toUnassign.map((id) => (
            <li key={id}>{nameOf(id)}</li>
          ))}
        </ul>
      </ConfirmDialog>
      <GenerateLinkDialog target={linkTarget} onClose={() => setLinkTarget(null)} />
    </div>
  );
}
