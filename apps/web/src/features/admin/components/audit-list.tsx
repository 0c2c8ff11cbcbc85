import { AUDIT_ACTIONS, type AuditEntryDto } from '@elearn/shared';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { AppLink } from '@/components/app-link';
import { QueryState } from '@/components/query-state';
import { EmptyState } from '@/components/ui/empty-state';
import { Pagination } from '@/components/ui/pagination';
import { Table } from '@/components/ui/table';
import { useAdminUsers } from '../api/get-admin-users';
import { useAuditEntries } from '../api/get-audit-entries';
import { AUDIT_FILTERS, AUDIT_TARGET_TYPES, activeFilterCount, readListQuery } from '../filters';
import { personName, useAdminFormat } from '../format';
import { AuditChange } from './audit-change';
import { FilterForm } from './filter-form';
import '../admin.css';

/** people offered in the actor filter per role (admins change things, trainers confirm graduations) */
const ACTOR_OPTIONS = 100;

/**
 * Where the target of an entry is shown in the app; none for graduations (no page of their own)
 * and deleted companies.
 */
export function targetPath(
  entry: Pick<AuditEntryDto, 'action' | 'target_type' | 'target_id'>,
): string | null {
  if (entry.target_id === null || entry.action === 'company.deleted') return null;
  switch (entry.target_type) {
    case 'user':
      return `/admin/users/${entry.target_id}`;
    case 'company':
      return `/admin/companies/${entry.target_id}`;
    case 'seminar':
      return `/seminar/id/${entry.target_id}`;
    default:
      return null;
  }
}

/** One audit entry: when, who, what, which target, before → after. */
export function AuditEntryRow({ entry, onActor }: { entry: AuditEntryDto; onActor?: (id: number) => void }) {
  const { t } = useTranslation();
  const format = useAdminFormat();
  const path = targetPath(entry);
  return (
    <tr data-testid="audit-entry" data-action={entry.action} data-target-id={entry.target_id ?? ''}>
      <td className="admin-nowrap">{format.dateTime(entry.created_at)}</td>
      <td data-testid="audit-actor">
        {entry.actor ? (
          <>
            <AppLink to={`/admin/users/${entry.actor.id}`}>{entry.actor.username}</AppLink>
            {onActor ? (
              <>
                <br />
                <button
                  type="button"
                  className="button is-text is-small p-0"
                  onClick={() => entry.actor && onActor(entry.actor.id)}
                >
                  {t('admin.audit.onlyThisActor')}
                </button>
              </>
            ) : null}
          </>
        ) : (
          <span className="has-text-grey">{t('admin.audit.system')}</span>
        )}
      </td>
      <td data-testid="audit-action">
        {t(`admin.audit.actions.${entry.action}`, { defaultValue: entry.action })}
      </td>
      <td data-testid="audit-target">
        <span className="is-size-7 has-text-grey">
          {t(`admin.audit.targets.${entry.target_type}`, { defaultValue: entry.target_type })}
        </span>
        <br />
        {path ? <AppLink to={path}>{entry.target_label}</AppLink> : entry.target_label}
      </td>
      <td>
        <AuditChange before={entry.before} after={entry.after} />
      </td>
    </tr>
  );
}

/** The people of the actor filter: admins and trainers (graduations are confirmed by owners). */
function useActorOptions() {
  const admins = useAdminUsers({ page: 1, per_page: ACTOR_OPTIONS, scope: 'admin' });
  const trainers = useAdminUsers({ page: 1, per_page: ACTOR_OPTIONS, scope: 'trainer' });
  const byId = new Map<number, { value: string; label: string }>();
  for (const user of [...(admins.data?.data ?? []), ...(trainers.data?.data ?? [])]) {
    byId.set(user.id, { value: String(user.id), label: `${personName(user)} (@${user.username})` });
  }
  return [...byId.values()].sort((a, b) => a.label.localeCompare(b.label));
}

/** `/admin/audit`: the audit trail, newest first, filtered by action, actor, target type and date. */
export function AuditList() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const query = readListQuery(AUDIT_FILTERS, params);
  const entries = useAuditEntries(query);
  const actors = useActorOptions();
  const filtered = activeFilterCount(AUDIT_FILTERS, params) > 0;
  const actorOptions =
    query.actor_id && !actors.some((a) => a.value === String(query.actor_id))
      ? [...actors, { value: String(query.actor_id), label: `#${query.actor_id}` }]
      : actors;

  const filterByActor = (id: number) => {
    const next = new URLSearchParams(params);
    next.set('actor_id', String(id));
    next.delete('page');
    setParams(next);
  };

  return (
    <>
      <FilterForm
        spec={AUDIT_FILTERS}
        testId="audit-filters"
        fields={[
          {
            name: 'action',
            kind: 'select',
            label: t('admin.audit.action'),
            anyLabel: t('admin.filters.any'),
            options: AUDIT_ACTIONS.map((action) => ({
              value: action,
              label: t(`admin.audit.actions.${action}`),
            })),
          },
          {
            name: 'actor_id',
            kind: 'select',
            label: t('admin.audit.actor'),
            anyLabel: t('admin.filters.anyone'),
            options: actorOptions,
          },
          {
            name: 'target_type',
            kind: 'select',
            label: t('admin.audit.targetType'),
            anyLabel: t('admin.filters.any'),
            options: AUDIT_TARGET_TYPES.map((type) => ({
              value: type,
              label: t(`admin.audit.targets.${type}`),
            })),
          },
          { name: 'from', kind: 'date', label: t('admin.filters.from') },
          { name: 'to', kind: 'date', label: t('admin.filters.to') },
        ]}
      />
      <QueryState query={entries}>
        {(result) =>
          result.total === 0 ? (
            <EmptyState
              title={filtered ? t('admin.audit.noMatch') : t('admin.audit.empty')}
              testId="audit-empty"
            />
          ) : (
            <>
              <p className="mb-3 has-text-grey">{t('admin.audit.total', { count: result.total })}</p>
              <Table
                headers={[
                  t('admin.audit.when'),
                  t('admin.audit.actor'),
                  t('admin.audit.action'),
                  t('admin.audit.target'),
                  t('admin.audit.change'),
                ]}
                labelledBy="admin-page-title"
                testId="audit-table"
              >
                {result.data.map((entry) => (
                  <AuditEntryRow key={entry.id} entry={entry} onActor={filterByActor} />
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
