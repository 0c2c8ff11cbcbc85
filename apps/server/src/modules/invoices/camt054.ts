import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { compactReference } from './payment-reference.ts';

/*
 * A camt.054 bank notification (ISO 20022 BankToCustomerDebitCreditNotification, as Swiss banks
 * send them for QR-bill payments; SIX "Swiss Implementation Guidelines for Cash Management"),
 * versions .001.04 to .001.08, read with fast-xml-parser (the library the Moodle XML import uses).
 * Only what the invoice match needs: the booked credits, one per transaction of a batch entry.
 */

/** one credit (a transaction of an entry, or an entry without transaction details) */
export interface CamtCredit {
  bankReference: string | null;
  bookedOn: string | null;
  /** minor units */
  amount: number;
  currency: string;
  /** the structured creditor reference (QRR or SCOR), compacted; null when there is none */
  reference: string | null;
  debtor: string | null;
}

export interface CamtNotification {
  /** `camt.054.001.08` */
  version: string;
  credits: CamtCredit[];
}

/** the file is not a camt.054 we can read */
export class CamtError extends Error {}

type Node = Record<string, unknown>;

const LISTS = new Set(['Ntfctn', 'Ntry', 'NtryDtls', 'TxDtls', 'Strd', 'Ustrd']);
const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '',
  attributesGroupName: '@',
  removeNSPrefix: true,
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  processEntities: true,
  htmlEntities: false,
  isArray: (name) => LISTS.has(name),
});

const obj = (n: unknown): Node | undefined => (n && typeof n === 'object' ? (n as Node) : undefined);
const list = (n: unknown): unknown[] => (Array.isArray(n) ? n : n === undefined ? [] : [n]);
/** the text of an element (a string, or `#text` beside attributes) */
const text = (n: unknown): string | null => {
  if (typeof n === 'string') return n.trim() || null;
  const o = obj(n);
  return typeof o?.['#text'] === 'string' ? (o['#text'] as string).trim() || null : null;
};
const path = (n: unknown, ...keys: string[]): unknown =>
  keys.reduce<unknown>((at, k) => obj(Array.isArray(at) ? at[0] : at)?.[k], n);

/** `1234.5` in minor units, exactly (no floating point) */
export function minorUnits(amount: string): number {
  const m = /^(\d{1,15})(?:\.(\d{1,2}))?$/.exec(amount.trim());
  if (!m) throw new CamtError(`amount ${amount}`);
  return Number(m[1]) * 100 + Number((m[2] ?? '0').padEnd(2, '0'));
}

function amountOf(n: unknown): { amount: number; currency: string } | null {
  const value = text(n);
  const currency = obj(n)?.['@'] ? String((obj(n)!['@'] as Node).Ccy ?? '') : '';
  if (!value || !/^[A-Z]{3}$/.test(currency)) return null;
  return { amount: minorUnits(value), currency };
}

/** the structured reference of remittance information (QR reference or creditor reference) */
function referenceOf(rmtInf: unknown): string | null {
  for (const strd of list(obj(rmtInf)?.Strd)) {
    const ref = text(path(strd, 'CdtrRefInf', 'Ref'));
    if (ref) return compactReference(ref);
  }
  return null;
}

/** the debtor's name: `RltdPties/Dbtr/Nm` (04) or `RltdPties/Dbtr/Pty/Nm` (08) */
const debtorOf = (tx: unknown): string | null =>
  text(path(tx, 'RltdPties', 'Dbtr', 'Pty', 'Nm')) ?? text(path(tx, 'RltdPties', 'Dbtr', 'Nm'));

const isCredit = (n: unknown, fallback = true) => {
  const ind = text(obj(n)?.CdtDbtInd);
  return ind ? ind === 'CRDT' : fallback;
};
/** `<Sts>BOOK</Sts>` (04) or `<Sts><Cd>BOOK</Cd></Sts>` (08); no status counts as booked */
const isBooked = (entry: Node) => {
  const sts = text(entry.Sts) ?? text(path(entry, 'Sts', 'Cd'));
  return sts === null || sts === 'BOOK';
};

/** the credits of one entry: one per transaction detail, or the entry itself */
function creditsOf(entry: Node): CamtCredit[] {
  if (!isCredit(entry, false) || !isBooked(entry) || text(entry.RvslInd) === 'true') return [];
  const total = amountOf(entry.Amt);
  if (!total) throw new CamtError('entry without amount');
  const bookedOn = text(path(entry, 'BookgDt', 'Dt')) ?? text(path(entry, 'BookgDt', 'DtTm'));
  const entryRef = text(entry.AcctSvcrRef) ?? text(entry.NtryRef);
  const txs = list(entry.NtryDtls).flatMap((d) => list(obj(d)?.TxDtls));
  if (txs.length === 0) {
    return [{ bankReference: entryRef, bookedOn, ...total, reference: null, debtor: null }];
  }
  return txs.flatMap((tx) => {
    if (!isCredit(tx)) return [];
    const amt =
      amountOf(obj(tx)?.Amt) ??
      amountOf(path(tx, 'AmtDtls', 'TxAmt', 'Amt')) ??
      (txs.length === 1 ? total : null);
    if (!amt) throw new CamtError('transaction without amount');
    return [
      {
        bankReference: text(path(tx, 'Refs', 'AcctSvcrRef')) ?? entryRef,
        bookedOn,
        ...amt,
        reference: referenceOf(obj(tx)?.RmtInf),
        debtor: debtorOf(tx),
      },
    ];
  });
}

const VERSION = /urn:iso:std:iso:20022:tech:xsd:(camt\.054\.001\.(\d{2}))/;

/**
 * Reads a camt.054 notification: every booked credit (entries reversed or not booked are left
 * out, debits too).
 * @throws CamtError when the text is not well-formed XML or not camt.054 .04 to .08
 */
export function parseCamt054(xml: string): CamtNotification {
  if (/<!ENTITY|<!DOCTYPE/i.test(xml)) throw new CamtError('DTDs are not accepted');
  const valid = XMLValidator.validate(xml);
  if (valid !== true) throw new CamtError(valid.err.msg);
  const doc = obj(parser.parse(xml))?.Document;
  const ns = obj(obj(doc)?.['@'])?.xmlns;
  // a prefixed root (`<ns:Document xmlns:ns=…>`) loses its xmlns attribute to removeNSPrefix
  const version = VERSION.exec(String(ns ?? '')) ?? VERSION.exec(xml.slice(0, 4000));
  const body = obj(obj(doc)?.BkToCstmrDbtCdtNtfctn);
  if (!version || !body) throw new CamtError('not a camt.054 document');
  const n = Number(version[2]);
  if (n < 4 || n > 8) throw new CamtError(`camt.054 version ${version[2]} is not supported`);
  const credits = list(body.Ntfctn).flatMap((ntf) =>
    list(obj(ntf)?.Ntry).flatMap((e) => (obj(e) ? creditsOf(obj(e)!) : [])),
  );
  return { version: version[1]!, credits };
}
