// The formatters of lib/format.ts and of the features that use it, side by side (in app/: it reads
// several features, which only the app layer may).
import { afterEach, describe, expect, it } from 'vitest';
import { formatDateTime as adminDateTime } from '@/features/admin/format';
import { formatDateTime as companyDateTime } from '@/features/companies/format';
import { formatDateTime as testDateTime } from '@/features/mc-tests/format';
import { formatMoment } from '@/features/privacy/format';
import {
  dateTimeFormat,
  formatBytes,
  formatDate,
  formatDateTime,
  formatPrice,
  numberFormat,
  siteYear,
} from '@/lib/format';

describe('format', () => {
  it('makes each Intl formatter once per language and options', () => {
    const a = numberFormat('de-DE', { style: 'percent' });
    expect(numberFormat('de-DE', { style: 'percent' })).toBe(a);
    expect(numberFormat('en-US', { style: 'percent' })).not.toBe(a);
    expect(numberFormat('de-DE', { style: 'percent', maximumFractionDigits: 2 })).not.toBe(a);
    const d = dateTimeFormat('de-DE', { dateStyle: 'medium' });
    expect(dateTimeFormat('de-DE', { dateStyle: 'medium' })).toBe(d);
    expect(dateTimeFormat('de-DE', { dateStyle: 'long' })).not.toBe(d);
  });

  it('formats in the page language, the same through the cache', () => {
    for (let i = 0; i < 2; i++) {
      expect(formatDate('2026-03-05T10:00:00Z', 'de')).toBe('05.03.2026');
      expect(formatDate('2026-03-05T10:00:00Z', 'en')).toBe('Mar 5, 2026');
      expect(formatBytes(1536, 'de')).toBe('1,5 KB');
      expect(formatPrice(0, 'CHF', 'de', 'kostenlos')).toBe('kostenlos');
    }
    // an unknown currency cannot be formatted by Intl: the amount and the code
    expect(formatPrice(1250, 'XX', 'en', 'free')).toBe('12.50 XX');
    expect(formatDate('not a date', 'de')).toBe('not a date');
  });

  describe("in a browser far from Switzerland (the machine's time zone is not the platform's)", () => {
    const machineZone = process.env.TZ;
    afterEach(() => {
      if (machineZone === undefined) delete process.env.TZ;
      else process.env.TZ = machineZone;
    });

    // 23:30 in Zurich on 31 December is already the next year at UTC+14 and still the day at UTC-10
    const newYearsEve = '2025-12-31T22:30:00Z';
    for (const [zone, day] of [
      ['Pacific/Kiritimati', 1],
      ['Pacific/Honolulu', 31],
      ['UTC', 31],
    ] as const) {
      it(`writes dates and times as the clock in Zurich reads them (${zone})`, () => {
        process.env.TZ = zone;
        // the machine is there: its own clock reads another day or hour
        expect(new Date(newYearsEve).getHours()).toBe(zone === 'UTC' ? 22 : 12);
        expect(new Date(newYearsEve).getDate()).toBe(day);
        expect(formatDate(newYearsEve, 'de')).toBe('31.12.2025');
        expect(formatDate(newYearsEve, 'en')).toBe('Dec 31, 2025');
        expect(formatDateTime(newYearsEve, 'de')).toBe('31.12.2025, 23:30');
        expect(formatDateTime(newYearsEve, 'en')).toBe('31 Dec 2025, 23:30');
        expect(formatDateTime(newYearsEve, 'de', 'long')).toBe('31. Dezember 2025 um 23:30');
        // every feature's formatter is the same one
        for (const format of [adminDateTime, companyDateTime, testDateTime])
          expect(format(newYearsEve, 'en')).toBe('31 Dec 2025, 23:30');
        expect(formatMoment(newYearsEve, 'en')).toBe('31 December 2025 at 23:30');
        // summer time: 12:00 UTC is 14:00 in Zurich
        expect(formatDateTime('2026-07-01T12:00:00Z', 'de')).toBe('01.07.2026, 14:00');
        expect(siteYear(Date.parse(newYearsEve))).toBe(2025);
        expect(siteYear(Date.parse('2025-12-31T23:30:00Z'))).toBe(2026);
      });
    }

    it('keeps what is no date as it is, and a missing moment of a test as a dash', () => {
      process.env.TZ = 'Pacific/Kiritimati';
      expect(formatDateTime('soon', 'de')).toBe('soon');
      expect(testDateTime(null, 'de')).toBe('–');
    });
  });
});
