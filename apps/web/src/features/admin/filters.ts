/**
 * The filters of the admin lists live in the URL (`?q=&scope=&page=`, STYLE section 6). A
 * filter spec says which query parameters a list knows and what a valid value is; values the
 * server would refuse (an unknown scope, a date like `2025-13-40`, a hand-edited `?company_id=x`)
 * are dropped here, so a bad address shows the unfiltered list instead of an error.
 */
import { AUDIT_ACTIONS, SCOPES } from '@elearn/shared';

export type FilterRule =
  | { type: 'text'; max: number }
  | { type: 'enum'; values: readonly string[] }
  | { type: 'id' }
  | { type: 'date' };

export type FilterSpec = Record<string, FilterRule>;

/** The valid filter values of a spec, by name (absent = not filtered). */
export type FilterValues<S extends FilterSpec> = {
  [K in keyof S]?: S[K] extends { type: 'id' } ? number : string;
};

/** The query of one list request: the filters plus the page. */
export type ListQuery<S extends FilterSpec> = FilterValues<S> & { page: number };

export const USER_STATUSES = ['active', 'disabled', 'unverified'] as const;
export const USER_SCOPE_FILTERS = [...SCOPES, 'student'] as const;
export const PAYMENT_STATUSES = [
  'open',
  'pending',
  'authorized',
  'paid',
  'failed',
  'canceled',
  'expired',
] as const;
export const AUDIT_TARGET_TYPES = ['user', 'company', 'seminar', 'graduation', 'certificate', 'job'] as const;

const text = { type: 'text', max: 200 } as const;
const date = { type: 'date' } as const;

export const USER_FILTERS = {
  q: text,
  scope: { type: 'enum', values: USER_SCOPE_FILTERS },
  company_id: { type: 'id' },
  status: { type: 'enum', values: USER_STATUSES },
} as const satisfies FilterSpec;

export const COMPANY_FILTERS = { q: text } as const satisfies FilterSpec;

export const SEMINAR_FILTERS = { q: text, owner_id: { type: 'id' } } as const satisfies FilterSpec;

export const PAYMENT_FILTERS = {
  status: { type: 'enum', values: PAYMENT_STATUSES },
  from: date,
  to: date,
} as const satisfies FilterSpec;

export const AUDIT_FILTERS = {
  action: { type: 'enum', values: AUDIT_ACTIONS },
  actor_id: { type: 'id' },
  target_type: { type: 'enum', values: AUDIT_TARGET_TYPES },
  from: date,
  to: date,
} as const satisfies FilterSpec;

const MAX_ID = 2_147_483_647;

/** `YYYY-MM-DD` of a real calendar day. */
export function isDateOnly(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [, y, m, d] = match.map(Number) as [number, number, number, number];
  const day = new Date(Date.UTC(y, m - 1, d));
  return day.getUTCFullYear() === y && day.getUTCMonth() === m - 1 && day.getUTCDate() === d;
}

/** One value by its rule: the cleaned value, or undefined when it is empty or not valid. */
export function parseFilterValue(
  rule: FilterRule,
  raw: string | null | undefined,
): string | number | undefined {
  const value = raw?.trim() ?? '';
  if (value === '') return undefined;
  switch (rule.type) {
    case 'text':
      return value.slice(0, rule.max);
    case 'enum':
      return rule.values.includes(value) ? value : undefined;
    case 'id': {
      if (!/^\d{1,10}$/.test(value)) return undefined;
      const id = Number(value);
      return id >= 1 && id <= MAX_ID ? id : undefined;
    }
    case 'date':
      return isDateOnly(value) ? value : undefined;
  }
}

/** The valid filters of the address. */
export function readFilters<S extends FilterSpec>(spec: S, params: URLSearchParams): FilterValues<S> {
  const out: Record<string, string | number> = {};
  for (const [name, rule] of Object.entries(spec)) {
    const value = parseFilterValue(rule, params.get(name));
    if (value !== undefined) out[name] = value;
  }
  return out as FilterValues<S>;
}

/** `?page=` (1 when missing or not a positive whole number). */
export function readPage(params: URLSearchParams): number {
  const raw = params.get('page');
  if (!raw || !/^\d{1,6}$/.test(raw)) return 1;
  return Math.max(1, Number(raw));
}

/** The list request of the address: the valid filters and the page. */
export function readListQuery<S extends FilterSpec>(spec: S, params: URLSearchParams): ListQuery<S> {
  return { ...readFilters(spec, params), page: readPage(params) };
}

/** How many filters of the spec the address sets (for "reset filters"). */
export function activeFilterCount<S extends FilterSpec>(spec: S, params: URLSearchParams): number {
  return Object.keys(readFilters(spec, params)).length;
}

/**
 * The address after applying a filter form: the spec's parameters are replaced by the form's
 * values (empty ones removed), others are kept, and the list starts again at page 1.
 */
export function writeFilters<S extends FilterSpec>(
  spec: S,
  params: URLSearchParams,
  values: Partial<Record<keyof S & string, string>>,
): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const name of Object.keys(spec)) {
    const value = values[name as keyof S & string]?.trim() ?? '';
    if (value) next.set(name, value);
    else next.delete(name);
  }
  next.delete('page');
  return next;
}

/** Problems of a date range form: an invalid date, or a start after the end (message keys). */
export function dateRangeErrors(from: string, to: string): { from?: string; to?: string } {
  const errors: { from?: string; to?: string } = {};
  if (from && !isDateOnly(from)) errors.from = 'admin.filters.invalidDate';
  if (to && !isDateOnly(to)) errors.to = 'admin.filters.invalidDate';
  if (!errors.from && !errors.to && from && to && from > to) errors.to = 'admin.filters.toBeforeFrom';
  return errors;
}
