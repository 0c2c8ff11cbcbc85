import type { CompanyAddressDto } from '@elearn/shared';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Field, FormError } from '@/components/ui/field';
import { Notification } from '@/components/ui/notification';
import { type FieldErrors, isApiError } from '@/lib/api-client';
import { useCompanyAddress, useSaveCompanyAddress } from '../api/company-address';

const FIELDS = [
  ['street', 70],
  ['building_number', 16],
  ['postal_code', 16],
  ['town', 35],
  ['country', 2],
] as const;
type Name = (typeof FIELDS)[number][0];
type Values = Record<Name, string>;

const valuesOf = (a: CompanyAddressDto): Values => ({
  street: a.street ?? '',
  building_number: a.building_number ?? '',
  postal_code: a.postal_code ?? '',
  town: a.town ?? '',
  country: a.country ?? '',
});

function Form({ companyId, initial }: { companyId: number; initial: CompanyAddressDto }) {
  const { t } = useTranslation();
  const save = useSaveCompanyAddress(companyId);
  const [values, setValues] = useState<Values>(() => valuesOf(initial));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [saved, setSaved] = useState(false);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setErrors({});
    setSaved(false);
    const v = (n: Name) => values[n].trim() || null;
    const body = {
      street: v('street'),
      building_number: v('building_number'),
      postal_code: v('postal_code'),
      town: v('town'),
      country: v('country'),
    };
    save.mutate(body, {
      onSuccess: (a) => {
        setValues(valuesOf(a));
        setSaved(true);
      },
      onError: (err) => setErrors(isApiError(err) ? err.errors : {}),
    });
  };
  return (
    <form onSubmit={submit} noValidate data-testid="company-address-form">
      {saved ? (
        <Notification variant="success" role="status">
          {t('invoices.address.saved')}
        </Notification>
      ) : null}
      <div className="columns is-multiline">
        {FIELDS.map(([name, max]) => (
          <div key={name} className={`column ${name === 'street' || name === 'town' ? 'is-8' : 'is-4'}`}>
            <Field
              label={t(`invoices.address.${name}`)}
              id={`company-address-${name}`}
              error={errors[name]?.[0]}
              help={name === 'country' ? t('invoices.address.countryHelp') : undefined}
            >
              <input
                id={`company-address-${name}`}
                name={name}
                className={`input${errors[name] ? ' is-danger' : ''}`}
                maxLength={max + 10}
                autoComplete={AUTOCOMPLETE[name]}
                value={values[name]}
                onChange={(e) => {
                  setSaved(false);
                  setValues((v) => ({ ...v, [name]: e.target.value }));
                }}
                data-testid={`company-address-${name}`}
              />
            </Field>
          </div>
        ))}
      </div>
      <FormError message={Object.keys(errors).length ? t('invoices.address.invalid') : null} />
      <Button type="submit" variant="primary" isLoading={save.isPending} data-testid="company-address-save">
        {t('invoices.address.save')}
      </Button>
    </form>
  );
}

const AUTOCOMPLETE: Record<Name, string> = {
  street: 'address-line1',
  building_number: 'address-line2',
  postal_code: 'postal-code',
  town: 'address-level2',
  country: 'country',
};

/**
 * The company's postal address on its invoices and the QR-bill (issue 38): on the admin's company
 * page and on the company page of its managers. Nothing while it loads or when the caller may not.
 */
export function CompanyAddressForm({ companyId }: { companyId: number }) {
  const { t } = useTranslation();
  const query = useCompanyAddress(companyId);
  if (!query.data) return null;
  return (
    <section className="box" aria-labelledby="company-address-title" data-testid="company-address">
      <h2 className="title is-5" id="company-address-title">
        {t('invoices.address.title')}
      </h2>
      <p className="help mb-3">{t('invoices.address.help')}</p>
      <Form companyId={companyId} initial={query.data} />
    </section>
  );
}
