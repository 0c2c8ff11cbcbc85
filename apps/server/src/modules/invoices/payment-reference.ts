/*
 * Payment references of open invoices (issue 38 item 3, SIX "Swiss Implementation Guidelines
 * QR-bill" section 3.4): a QR reference (27 digits, the last a mod-10 recursive check digit) with a
 * QR-IBAN, or an ISO 11649 creditor reference (`RF` + 2 check digits + up to 21 characters) with an
 * ordinary IBAN. The body is a number of `invoice_reference_seq`.
 */

const MOD10_TABLE = [0, 9, 4, 6, 8, 2, 7, 1, 3, 5] as const;

/** the mod-10 recursive check digit of a string of digits */
export function mod10Recursive(digits: string): number {
  let carry = 0;
  for (const c of digits) carry = MOD10_TABLE[(carry + Number(c)) % 10]!;
  return (10 - carry) % 10;
}

/** `n` as a QR reference: 26 digits (zero-padded) and the check digit */
export function qrReference(n: number | bigint): string {
  const body = String(n).padStart(26, '0');
  if (!/^\d{26}$/.test(body)) throw new Error('QR reference body must be at most 26 digits');
  return `${body}${mod10Recursive(body)}`;
}

export const isQrReference = (ref: string): boolean =>
  /^\d{27}$/.test(ref) && mod10Recursive(ref.slice(0, 26)) === Number(ref[26]);

/** ISO 7064 mod 97-10 of an alphanumeric string (letters A=10 … Z=35) */
function mod97(s: string): number {
  const digits = s.toUpperCase().replace(/[A-Z]/g, (c) => String(c.charCodeAt(0) - 55));
  let rest = 0;
  for (const d of digits) rest = (rest * 10 + Number(d)) % 97;
  return rest;
}

/** `body` (1 to 21 letters or digits) as an ISO 11649 creditor reference: `RF` + check digits + body */
export function creditorReference(body: string): string {
  if (!/^[A-Z0-9]{1,21}$/.test(body))
    throw new Error('creditor reference body must be 1–21 letters or digits');
  const check = 98 - mod97(`${body}RF00`);
  return `RF${String(check).padStart(2, '0')}${body}`;
}

export const isCreditorReference = (ref: string): boolean =>
  /^RF\d{2}[A-Z0-9]{1,21}$/.test(ref) && mod97(`${ref.slice(4)}${ref.slice(0, 4)}`) === 1;

/** a reference as typed or printed (spaces, lower case) in its stored form */
export const compactReference = (ref: string): string => ref.replace(/\s+/g, '').toUpperCase();

/** the reference of sequence number `n` for a seller with a QR-IBAN (QRR) or an IBAN only (SCOR) */
export const paymentReferenceFor = (n: number | bigint, qrIban: boolean): string =>
  qrIban ? qrReference(n) : creditorReference(String(n));
