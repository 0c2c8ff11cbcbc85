import type { VoucherBody, VoucherDto } from '@elearn/shared';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Field, FormError } from '@/components/ui/field';
import { type FieldErrors, isApiError } from '@/lib/api-client';
import { useSaveVoucher, useVoucherSeminars } from '../api/vouchers';

interface Values {
  code: string;
  kind: 'percent' | 'amount';
  /** percent, or the amount in currency units (`50.00`) */
  value: string;
  all_seminars: boolean;
  seminar_ids: number[];
  /** `YYYY-MM-DD` (local days: from its start, to its end) */
  valid_from: string;
  valid_to: string;
  total_cap: string;
  per_user_cap: string;
  active: boolean;
}

const day = (iso: string | null) => {
  if (!iso) return '';
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
};

const valuesOf = (v: VoucherDto | null): Values => ({
  code: v?.code ?? '',
  kind: v?.kind ?? 'percent',
  value: v ? (v.kind === 'percent' ? String(v.value) : (v.value / 100).toFixed(2)) : '',
  all_seminars: v?.all_seminars ?? true,
  seminar_ids: v?.seminars.map((s) => s.id) ?? [],
  valid_from: day(v?.valid_from ?? null),
  valid_to: day(v?.valid_to ?? null),
  total_cap: v?.total_cap ? String(v.total_cap) : '',
  per_user_cap: v?.per_user_cap ? String(v.per_user_cap) : '',
  active: v?.active ?? true,
});

const cap = (s: string) => (s.trim() ? Number(s) : null);
/** the body as the server reads it: amounts in minor units, days as instants in the browser's zone */
const bodyOf = (v: Values): VoucherBody => ({
  code: v.code.trim(),
  kind: v.kind,
  value:
    v.kind === 'percent'
      ? Number(v.value)
      : Math.round(Number(v.value.replace(/[’'\s]/g, '').replace(',', '.')) * 100),
  all_seminars: v.all_seminars,
  seminar_ids: v.all_seminars ? [] : v.seminar_ids,
  valid_from: v.valid_from ? new Date(`${v.valid_from}T00:00:00`).toISOString() : null,
  valid_to: v.valid_to ? new Date(`${v.valid_to}T23:59:59`).toISOString() : null,
  total_cap: cap(v.total_cap),
  per_user_cap: cap(v.per_user_cap),
  active: v.active,
});

/** Create or edit a voucher; `onSaved` gets the saved voucher. */
export function VoucherForm({
  voucher,
  onSaved,
}: {
  voucher: VoucherDto | null;
  onSaved: (v: VoucherDto) => void;
}) {
  const { t } = useTranslation();
  const save = useSaveVoucher(voucher?.id ?? null);
  const seminars = useVoucherSeminars();
  const [values, setValues] = useState<Values>(() => valuesOf(voucher));
  const [errors, setErrors] = useState<FieldErrors>({});
  const set = <K extends keyof Values>(name: K, value: Values[K]) =>
    setValues((v) => ({ ...v, [name]: value }));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setErrors({});
    save.mutate(bodyOf(values), {
      onSuccess: onSaved,
      onError: (err) => setErrors(isApiError(err) ? err.errors : {}),
    });
  };
  const id = (name: string) => `voucher-${name}`;
  const field = (name: keyof Values, control: ReactNode, help?: string) => (
    <Field
      key={name}
      label={t(`vouchers.fields.${name}`)}
      id={id(name)}
      error={errors[name]?.[0]}
      help={help}
    >
      {control}
    </Field>
  );
  const input = (
    name: 'code' | 'value' | 'valid_from' | 'valid_to' | 'total_cap' | 'per_user_cap',
    type = 'text',
  ) =>
    field(
      name,
      <input
        id={id(name)}
        name={name}
        className={`input${errors[name] ? ' is-danger' : ''}`}
        type={type}
        inputMode={type === 'text' && name !== 'code' ? 'decimal' : undefined}
        value={values[name]}
        onChange={(e) => set(name, e.target.value)}
      />,
      name === 'total_cap' || name === 'per_user_cap' ? t('vouchers.capHelp') : undefined,
    );
  const checkbox = (name: 'all_seminars' | 'active') => (
    <div className="field" key={name}>
      <label className="checkbox">
        <input
          type="checkbox"
          name={name}
          data-testid={id(name)}
          checked={values[name]}
          onChange={(e) => set(name, e.target.checked)}
        />{' '}
        {t(`vouchers.fields.${name}`)}
      </label>
    </div>
  );
  return (
    <form onSubmit={submit} noValidate data-testid="voucher-form">
      {input('code')}
      {field(
        'kind',
        <div className="select">
          <select
            id={id('kind')}
            name="kind"
            value={values.kind}
            onChange={(e) => set('kind', e.target.value as Values['kind'])}
          >
            <option value="percent">{t('vouchers.kinds.percent')}</option>
            <option value="amount">{t('vouchers.kinds.amount')}</option>
          </select>
        </div>,
      )}
      {input('value')}
      {checkbox('all_seminars')}
      {values.all_seminars
        ? null
        : field(
            'seminar_ids',
            <div className="select is-multiple">
              <select
                id={id('seminar_ids')}
                multiple
                size={6}
                value={values.seminar_ids.map(String)}
                onChange={(e) =>
                  set(
                    'seminar_ids',
                    [...e.target.selectedOptions].map((o) => Number(o.value)),
                  )
                }
              >
                {(seminars.data?.data ?? []).map((s) => (
                  <option key={s.id} value={s.id}>
                    {s.title}
                  </option>
                ))}
              </select>
            </div>,
          )}
      <div className="columns">
        <div className="column">{input('valid_from', 'date')}</div>
        <div className="column">{input('valid_to', 'date')}</div>
      </div>
      <div className="columns">
        <div className="column">{input('total_cap', 'number')}</div>
        <div className="column">{input('per_user_cap', 'number')}</div>
      </div>
      {checkbox('active')}
      <FormError message={Object.keys(errors).length ? t('vouchers.invalid') : null} />
      <Button type="submit" variant="primary" isLoading={save.isPending} data-testid="voucher-save">
        {t('vouchers.save')}
      </Button>
    </form>
  );
}
