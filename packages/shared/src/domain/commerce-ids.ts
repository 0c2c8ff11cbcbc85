/**
 * Checks of the identifiers on an invoice (issue 38 item 1): IBAN (ISO 13616, mod 97), the Swiss
 * QR-IBAN (institution ID 30000–31999), the Swiss UID with its MWST suffix (eCH-0097, mod 11) and
 * the German USt-IdNr. (DE and 9 digits, ISO 7064 MOD 11,10 check digit).
 */

/** the IBAN's length per country, for the countries an invoice of this platform names */
const IBAN_LENGTHS: Record<string, number> = {
  CH: 21,
  LI: 21,
  DE: 22,
  AT: 20,
  FR: 27,
  IT: 27,
  NL: 18,
  BE: 16,
  LU: 20,
  ES: 24,
  GB: 22,
  DK: 18,
  SE: 24,
  NO: 15,
  FI: 18,
  IE: 22,
  PT: 25,
  PL: 28,
  CZ: 24,
  SK: 24,
  HU: 28,
  SI: 19,
  HR: 21,
};

/** the IBAN without spaces, upper case */
export const compactIban = (v: string) => v.replace(/\s+/g, '').toUpperCase();

/** the IBAN in groups of four (as printed) */
export const formatIban = (v: string) => compactIban(v).replace(/(.{4})(?=.)/g, '$1 ');

/** whether an IBAN's country, length and mod-97 check digits are valid */
export function isValidIban(value: string): boolean {
  const iban = compactIban(value);
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{10,30}$/.test(iban)) return false;
  const expected = IBAN_LENGTHS[iban.slice(0, 2)];
  if (expected !== undefined && iban.length !== expected) return false;
  const rearranged = iban.slice(4) + iban.slice(0, 4);
  let rest = 0;
  for (const ch of rearranged) {
    const code = ch >= 'A' ? String(ch.charCodeAt(0) - 55) : ch;
    for (const digit of code) rest = (rest * 10 + Number(digit)) % 97;
  }
  return rest === 1;
}

/** a Swiss or Liechtenstein IBAN whose institution ID (positions 5–9) is 30000–31999 */
export function isQrIban(value: string): boolean {
  const iban = compactIban(value);
  if (!/^(CH|LI)/.test(iban) || !isValidIban(iban)) return false;
  const iid = Number(iban.slice(4, 9));
  return iid >= 30000 && iid <= 31999;
}

/** the Swiss UID's check digit (eCH-0097: weights 5 4 3 2 7 6 5 4, mod 11); null: no valid UID */
export function cheCheckDigit(eightDigits: string): number | null {
  const weights = [5, 4, 3, 2, 7, 6, 5, 4];
  const sum = [...eightDigits].reduce((s, d, i) => s + Number(d) * weights[i]!, 0);
  const check = (11 - (sum % 11)) % 11;
  return check === 10 ? null : check;
}

/** the German USt-IdNr.'s check digit (ISO 7064 MOD 11,10 over the first 8 digits) */
export function deVatCheckDigit(eightDigits: string): number {
  let product = 10;
  for (const d of eightDigits) {
    let sum = (Number(d) + product) % 10;
    if (sum === 0) sum = 10;
    product = (2 * sum) % 11;
  }
  const check = 11 - product;
  return check === 10 ? 0 : check;
}

/**
 * The VAT number in its printed form, or null when it is none: `CHE-123.456.788 MWST` (also
 * `TVA`, `IVA`; the check digit must hold) or `DE123456789` (the check digit must hold).
 */
export function normalizeVatNumber(value: string): string | null {
  const v = value.trim().toUpperCase().replace(/\s+/g, ' ');
  const che = /^CHE[-\s]?(\d{3})\.?(\d{3})\.?(\d{3})\s*(MWST|TVA|IVA)$/.exec(v);
  if (che) {
    const digits = `${che[1]}${che[2]}${che[3]}`;
    if (cheCheckDigit(digits.slice(0, 8)) !== Number(digits[8])) return null;
    return `CHE-${che[1]}.${che[2]}.${che[3]} ${che[4]}`;
  }
  const de = /^DE\s?(\d{9})$/.exec(v);
  if (de) {
    const digits = de[1]!;
    if (deVatCheckDigit(digits.slice(0, 8)) !== Number(digits[8])) return null;
    return `DE${digits}`;
  }
  return null;
}
