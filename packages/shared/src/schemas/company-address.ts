import { z } from 'zod';
import { type MessageKey, encodeMessage as m } from '../i18n/messages.ts';

/**
 * A company's postal address (issue 38): printed on its invoices and put in the Swiss QR-bill's
 * debtor ("Zahlbar durch") as a structured address (SIX IG QR-bill: street 70, building number 16,
 * postal code 16, town 35 characters, country ISO 3166-1 alpha-2). docs/decisions/payments.md.
 */

/** ISO 3166-1 alpha-2: the 249 officially assigned codes */
export const COUNTRY_CODES: ReadonlySet<string> = new Set(
  (
    'AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS ' +
    'BT BV BW BY BZ CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE ' +
    'EG EH ER ES ET FI FJ FK FM FO FR GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM ' +
    'HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO JP KE KG KH KI KM KN KP KR KW KY KZ LA LB LC ' +
    'LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT MU MV MW MX MY MZ NA ' +
    'NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA RE RO RS RU RW ' +
    'SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO ' +
    'TR TT TV TW TZ UA UG UM US UY UZ VA VC VE VG VI VN VU WF WS YE YT ZA ZM ZW'
  ).split(' '),
);

/** the postal code's form per country: Switzerland and Liechtenstein 4 digits (1000–9999), Germany 5, Austria 4 */
const POSTAL_CODES: Record<string, { re: RegExp; key: MessageKey }> = {
  CH: { re: /^[1-9]\d{3}$/, key: 'validation.postal_code_ch' },
  LI: { re: /^94[89]\d$/, key: 'validation.postal_code_li' },
  DE: { re: /^\d{5}$/, key: 'validation.postal_code_de' },
  AT: { re: /^[1-9]\d{3}$/, key: 'validation.postal_code_at' },
};

/** whether `code` is a plausible postal code of `country` (other countries: letters, digits, space, dash) */
export function postalCodeError(country: string | null, code: string): MessageKey | null {
  const rule = country ? POSTAL_CODES[country] : undefined;
  if (rule) return rule.re.test(code) ? null : rule.key;
  return /^[A-Za-z0-9][A-Za-z0-9 -]{1,15}$/.test(code) ? null : 'validation.postal_code';
}

/** an optional line: blank is null */
const line = (max: number) =>
  z
    .string({ error: m('validation.invalid') })
    .trim()
    .max(max, { error: m('validation.max', { max }) })
    .nullable()
    .optional()
    .transform((v) => (v ? v : null));

/**
 * `PUT /api/companies/{id}/address`: every field optional (blank or missing: none). Once any is
 * given, postal code, town and country are required (the least the QR-bill's structured address
 * needs); a building number needs its street. The postal code is checked for CH, LI, DE and AT.
 */
export const companyAddressBodySchema = z
  .strictObject({
    street: line(70),
    building_number: line(16),
    postal_code: line(16),
    town: line(35),
    country: line(2)
      .transform((v) => (v ? v.toUpperCase() : null))
      .refine((v) => v === null || COUNTRY_CODES.has(v), { error: m('validation.country') }),
  })
  .superRefine((a, ctx) => {
    const given = a.street || a.building_number || a.postal_code || a.town || a.country;
    if (given) {
      for (const k of ['postal_code', 'town', 'country'] as const) {
        if (!a[k]) ctx.addIssue({ code: 'custom', path: [k], message: m('validation.address_part') });
      }
    }
    if (a.building_number && !a.street) {
      ctx.addIssue({ code: 'custom', path: ['street'], message: m('validation.address_street') });
    }
    if (a.postal_code && (a.country === null || COUNTRY_CODES.has(a.country))) {
      const key = postalCodeError(a.country, a.postal_code);
      if (key) ctx.addIssue({ code: 'custom', path: ['postal_code'], message: m(key) });
    }
  });
export type CompanyAddressBody = z.input<typeof companyAddressBodySchema>;

export const companyAddressDtoSchema = z.object({
  id: z.number().int(),
  street: z.string().nullable(),
  building_number: z.string().nullable(),
  postal_code: z.string().nullable(),
  town: z.string().nullable(),
  country: z.string().nullable(),
});
export type CompanyAddressDto = z.infer<typeof companyAddressDtoSchema>;

/**
 * The address as printed: street and number, postal code and town, the country's name (lines;
 * null: no address). `countryName` names a code (e.g. `Intl.DisplayNames`); the code without it.
 */
export function formatPostalAddress(
  a: Omit<CompanyAddressDto, 'id'>,
  countryName: (code: string) => string = (c) => c,
): string | null {
  if (!a.postal_code || !a.town) return null;
  const street = [a.street, a.building_number].filter(Boolean).join(' ');
  const country = a.country ? countryName(a.country) : '';
  return [street, `${a.postal_code} ${a.town}`, country].filter(Boolean).join('\n');
}
