import { useTranslation } from 'react-i18next';
import '../admin.css';

type Translate = (key: string, options?: Record<string, unknown>) => string;

export interface ChangeRow {
  /** the field name ('' when before/after are single values) */
  field: string;
  before: unknown;
  after: unknown;
  changed: boolean;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * Before and after of an audit entry as rows of one field each: the fields of both objects
 * (before's order first), a missing side is `undefined` (created or deleted); values that are no
 * objects become one row.
 */
export function changeRows(before: unknown, after: unknown): ChangeRow[] {
  const nothing = (value: unknown) => value === null || value === undefined;
  if ((isRecord(before) || nothing(before)) && (isRecord(after) || nothing(after))) {
    const b = isRecord(before) ? before : {};
    const a = isRecord(after) ? after : {};
    const fields = [...new Set([...Object.keys(b), ...Object.keys(a)])];
    return fields.map((field) => ({
      field,
      before: b[field],
      after: a[field],
      changed: !same(b[field], a[field]),
    }));
  }
  return [{ field: '', before, after, changed: !same(before, after) }];
}

/** One value in words: "—" for nothing, yes/no, lists joined, scopes by their names. */
export function formatAuditValue(value: unknown, field: string, t: Translate): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? t('admin.yes') : t('admin.no');
  if (Array.isArray(value)) {
    if (value.length === 0) return field === 'scopes' ? t('admin.scopes.student') : t('admin.audit.none');
    return value.map((item) => formatAuditValue(item, field, t)).join(', ');
  }
  if (isRecord(value)) {
    return Object.entries(value)
      .map(([key, inner]) => `${fieldLabel(key, t)}: ${formatAuditValue(inner, key, t)}`)
      .join('; ');
  }
  if (field === 'scopes' && typeof value === 'string')
    return t(`admin.scopes.${value}`, { defaultValue: value });
  return String(value);
}

/** A field's name in the page language (unknown fields as they are). */
export const fieldLabel = (field: string, t: Translate) =>
  t(`admin.audit.fields.${field}`, { defaultValue: field });

/** Before → after of an audit entry as a small table; changed fields are marked. */
export function AuditChange({ before, after }: { before: unknown; after: unknown }) {
  const { t } = useTranslation();
  const rows = changeRows(before, after);
  if (rows.length === 0 || rows.every((row) => row.before === undefined && row.after === undefined)) {
    return <span className="has-text-grey">—</span>;
  }
  return (
    <table className="table is-narrow audit-change mb-0" data-testid="audit-change">
      <thead>
        <tr>
          <th scope="col">
            <span className="is-sr-only">{t('admin.audit.field')}</span>
          </th>
          <th scope="col">{t('admin.audit.before')}</th>
          <th scope="col">{t('admin.audit.after')}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr
            key={row.field || 'value'}
            className={row.changed ? 'is-changed' : 'has-text-grey'}
            data-testid="audit-change-row"
            data-field={row.field}
            data-changed={row.changed}
          >
            <th scope="row">{row.field ? fieldLabel(row.field, t) : t('admin.audit.value')}</th>
            <td data-testid="audit-before">{formatAuditValue(row.before, row.field, t)}</td>
            <td data-testid="audit-after">
              {row.changed ? (
                <strong>{formatAuditValue(row.after, row.field, t)}</strong>
              ) : (
                formatAuditValue(row.after, row.field, t)
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
