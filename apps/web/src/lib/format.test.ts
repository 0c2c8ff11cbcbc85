import { describe, expect, it } from 'vitest';
import { dateTimeFormat, formatBytes, formatDate, formatPrice, numberFormat } from './format';

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
});
