import { useTranslation } from 'react-i18next';
import { useLocale } from '@/hooks/use-locale';
import type { Locale } from '@/lib/locale';
import { formatDateTime } from '../format';
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

/**
 * Fields that hold yes or no (issue 32 item 14): some entries store them as 0 and 1 (the
 * graduation's `passed` is a number in the database), shown in words like `true` and `false`.
 */
const YES_NO_FIELDS = new Set(['passed', 'disabled', 'revoked', 'manager']);
/** a moment as the server writes it (`toISOString`) */
const ISO_MOMENT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/;

/**
 * One value in words: "—" for nothing, yes/no (also 0/1 of a yes/no field), moments as date and
 * time in the page language, lists joined, scopes by their names.
 */
export function formatAuditValue(value: unknown, field: string, t: Translate, locale: Locale = 'de'): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean' || (YES_NO_FIELDS.has(field) && (value === 0 || value === 1)))
    return value ? t('admin.yes') : t('admin.no');
  if (Array.isArray(value)) {
    if (value.length === 0) return field === 'scopes' ? t('admin.scopes.student') : t('admin.audit.none');
    return value.map((item) => formatAuditValue(item, field, t, locale)).join(', ');
  }
  if (isRecord(value)) {
    return Object.entries(value)
      .map(([key, inner]) => `${fieldLabel(key, t)}: ${formatAuditValue(inner, key, t, locale)}`)
      .join('; ');
  }
  if (typeof value === 'string' && ISO_MOMENT.test(value)) return formatDateTime(value, locale);
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
  const locale = useLocale();
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
            <td data-testid="audit-before">{formatAuditValue(row.before, row.field, t, locale)}</td>
            <td data-testid="audit-after">
              {row.changed ? (
                <strong>{formatAuditValue(row.after, row.field, t, locale)}</strong>
              ) : (
                formatAuditValue(row.after, row.field, t, locale)
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
