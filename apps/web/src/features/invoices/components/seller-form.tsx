import { INVOICE_ACCESS, type SellerSettingsBody, type SellerSettingsDto } from '@elearn/shared';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryState } from '@/components/query-state';
import { Button } from '@/components/ui/button';
import { Field, FormError } from '@/components/ui/field';
import { Notification } from '@/components/ui/notification';
import { type FieldErrors, isApiError } from '@/lib/api-client';
import { useSaveSeller, useSeller } from '../api/invoices';

type Values = Record<keyof SellerSettingsBody, string | boolean>;

const TEXT_FIELDS = ['legal_name', 'vat_number', 'iban', 'qr_iban'] as const;
const AREA_FIELDS = ['address', 'footer_de', 'footer_en', 'payment_terms_de', 'payment_terms_en'] as const;

const valuesOf = (s: SellerSettingsDto): Values => ({
  legal_name: s.legal_name,
  address: s.address,
  vat_number: s.vat_number ?? '',
  vat_rate: String(s.vat_rate),
  prices_include_vat: s.prices_include_vat,
  iban: s.iban ?? '',
  qr_iban: s.qr_iban ?? '',
  footer_de: s.footer_de,
  footer_en: s.footer_en,
  payment_terms_days: String(s.payment_terms_days),
  payment_terms_de: s.payment_terms_de,
  payment_terms_en: s.payment_terms_en,
  invoice_access: s.invoice_access,
});

/** the body as the server reads it (numbers as numbers; blank optional fields null) */
const bodyOf = (v: Values): SellerSettingsBody => ({
  legal_name: String(v.legal_name),
  address: String(v.address),
  vat_number: String(v.vat_number) || null,
  vat_rate: Number(String(v.vat_rate).replace(',', '.')),
  prices_include_vat: Boolean(v.prices_include_vat),
  iban: String(v.iban) || null,
  qr_iban: String(v.qr_iban) || null,
  footer_de: String(v.footer_de),
  footer_en: String(v.footer_en),
  payment_terms_days: Number(v.payment_terms_days),
  payment_terms_de: String(v.payment_terms_de),
  payment_terms_en: String(v.payment_terms_en),
  invoice_access: v.invoice_access === 'at_once' ? 'at_once' : 'when_paid',
});

function Form({ initial }: { initial: SellerSettingsDto }) {
  const { t } = useTranslation();
  const save = useSaveSeller();
  const [values, setValues] = useState<Values>(() => valuesOf(initial));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [saved, setSaved] = useState(false);
  const set = (name: keyof Values, value: string | boolean) => {
    setSaved(false);
    setValues((v) => ({ ...v, [name]: value }));
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setErrors({});
    save.mutate(bodyOf(values), {
      onSuccess: () => setSaved(true),
      onError: (err) => setErrors(isApiError(err) ? err.errors : {}),
    });
  };
  const id = (name: string) => `seller-${name}`;
  const field = (name: keyof Values, control: ReactNode) => (
    <Field key={name} label={t(`invoices.seller.${name}`)} id={id(name)} error={errors[name]?.[0]}>
      {control}
    </Field>
  );
  const text = (name: keyof Values, type = 'text') =>
    field(
      name,
      <input
        id={id(name)}
        name={name}
        className={`input${errors[name] ? ' is-danger' : ''}`}
        type={type}
        value={String(values[name])}
        onChange={(e) => set(name, e.target.value)}
      />,
    );
  const area = (name: keyof Values) =>
    field(
      name,
      <textarea
        id={id(name)}
        name={name}
        className={`textarea${errors[name] ? ' is-danger' : ''}`}
        rows={3}
        value={String(values[name])}
        onChange={(e) => set(name, e.target.value)}
      />,
    );
  return (
    <form onSubmit={submit} noValidate data-testid="seller-form">
      {saved ? (
        <Notification variant="success" role="status">
          {t('invoices.seller.saved')}
        </Notification>
      ) : null}
      {!initial.configured && !saved ? (
        <Notification variant="warning">{t('invoices.seller.notConfigured')}</Notification>
      ) : null}
      {TEXT_FIELDS.slice(0, 1).map((n) => text(n))}
      {area('address')}
      {text('vat_number')}
      {text('vat_rate')}
      <div className="field">
        <label className="checkbox">
          <input
            type="checkbox"
            name="prices_include_vat"
            checked={Boolean(values.prices_include_vat)}
            onChange={(e) => set('prices_include_vat', e.target.checked)}
          />{' '}
          {t('invoices.seller.prices_include_vat')}
        </label>
      </div>
      {TEXT_FIELDS.slice(2).map((n) => text(n))}
      {text('payment_terms_days', 'number')}
      {field(
        'invoice_access',
        <div className="select">
          <select
            id={id('invoice_access')}
            name="invoice_access"
            value={String(values.invoice_access)}
            onChange={(e) => set('invoice_access', e.target.value)}
          >
            {INVOICE_ACCESS.map((a) => (
              <option key={a} value={a}>
                {t(`invoices.seller.access.${a}`)}
              </option>
            ))}
          </select>
        </div>,
      )}
      {AREA_FIELDS.slice(1).map((n) => area(n))}
      <FormError message={Object.keys(errors).length ? t('invoices.seller.invalid') : null} />
      <Button type="submit" variant="primary" isLoading={save.isPending}>
        {t('invoices.seller.save')}
      </Button>
    </form>
  );
}

/** `/admin/seller`: "Rechnungssteller", the seller on every invoice. */
export function SellerForm() {
  const seller = useSeller();
  return <QueryState query={seller}>{(s) => <Form initial={s} />}</QueryState>;
}
