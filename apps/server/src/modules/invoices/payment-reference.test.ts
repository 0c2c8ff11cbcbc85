import { calculateQRReferenceChecksum, isQRReferenceValid, isSCORReferenceValid } from 'swissqrbill/utils';
import { describe, expect, it } from 'vitest';
import {
  compactReference,
  creditorReference,
  isCreditorReference,
  isQrReference,
  mod10Recursive,
  paymentReferenceFor,
  qrReference,
} from './payment-reference.ts';
import { postalAddress } from './qr-bill.ts';

/** our references checked against SIX's and ISO's examples and the swissqrbill package's validation */
describe('payment references', () => {
  it('QR reference: 26 digits and the mod-10 recursive check digit (SIX IG QR-bill, annex B)', () => {
    // the example of the implementation guidelines: 21 00000 00003 13947 14300 09017
    expect(mod10Recursive('21000000000313947143000901')).toBe(7);
    expect(isQrReference('210000000003139471430009017')).toBe(true);
    expect(isQrReference('210000000003139471430009018')).toBe(false);
    for (const n of [1, 1000, 4711, 99_999_999, 12_345_678_901]) {
      const ref = qrReference(n);
      expect(ref).toMatch(/^\d{27}$/);
      expect(isQRReferenceValid(ref)).toBe(true);
      expect(ref.at(-1)).toBe(calculateQRReferenceChecksum(ref.slice(0, 26)));
    }
  });

  it('creditor reference: ISO 11649 (RF + mod 97-10 check digits + body)', () => {
    expect(creditorReference('539007547034')).toBe('RF18539007547034');
    expect(isCreditorReference('RF18539007547034')).toBe(true);
    expect(isCreditorReference('RF19539007547034')).toBe(false);
    for (const n of [1, 1000, 4711, 99_999_999]) {
      const ref = creditorReference(String(n));
      expect(isSCORReferenceValid(ref)).toBe(true);
      expect(isCreditorReference(ref)).toBe(true);
    }
    expect(paymentReferenceFor(1000, true)).toBe(qrReference(1000));
    expect(paymentReferenceFor(1000, false)).toBe(creditorReference('1000'));
    expect(compactReference('rf18 5390 0754 7034')).toBe('RF18539007547034');
  });

  it("reads the seller's address lines as a structured address", () => {
    expect(postalAddress('Bahnhofstrasse 1\n8001 Zürich\nSchweiz')).toEqual({
      street: 'Bahnhofstrasse',
      buildingNumber: '1',
      zip: '8001',
      city: 'Zürich',
      country: 'CH',
    });
    expect(postalAddress('Muster GmbH\nHauptstr. 12a\nD-10115 Berlin\nDeutschland')).toEqual({
      street: 'Hauptstr.',
      buildingNumber: '12a',
      zip: '10115',
      city: 'Berlin',
      country: 'DE',
    });
    expect(postalAddress('Postfach, 3000 Bern')).toEqual({
      street: 'Postfach',
      zip: '3000',
      city: 'Bern',
      country: 'CH',
    });
    expect(postalAddress('Zürich')).toBeNull();
  });
});
