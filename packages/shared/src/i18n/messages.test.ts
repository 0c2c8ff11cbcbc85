import { describe, expect, it } from 'vitest';
import { ERROR_CODES } from '../errors.ts';
import { de } from './messages.de.ts';
import { en } from './messages.en.ts';
import {
  encodeMessage,
  isMessageKey,
  localizeMessage,
  localizeWith,
  MESSAGES,
  pickLocale,
  t,
} from './messages.ts';

describe('messages', () => {
  it('de and en have the same keys and no empty text', () => {
    expect(Object.keys(MESSAGES.en).sort()).toEqual(Object.keys(MESSAGES.de).sort());
    for (const text of [...Object.values(MESSAGES.de), ...Object.values(MESSAGES.en)])
      expect(text.trim()).not.toBe('');
  });

  it('every error code has a message', () => {
    for (const code of ERROR_CODES) {
      expect(isMessageKey(code.includes('.') ? code : `errors.${code}`), code).toBe(true);
    }
  });

  it('fills placeholders', () => {
    expect(t('de', 'validation.min', { min: 8 })).toBe('Muss mindestens 8 Zeichen lang sein.');
    expect(t('en', 'errors.rate_limited', { seconds: 30 })).toBe(
      'Too many requests. Please try again in 30 seconds.',
    );
  });

  it('round-trips encoded messages with params', () => {
    const raw = encodeMessage('validation.min', { min: 8 });
    expect(localizeMessage('en', raw)).toBe('Must be at least 8 characters long.');
    expect(localizeMessage('de', '@validation.upCase')).toBe('Mindestens ein Grossbuchstabe benötigt');
    expect(localizeMessage('de', 'plain text')).toBe('plain text');
    expect(localizeMessage('de', '@no.such.key')).toBe('@no.such.key');
  });

  it('localizes with the table of one language, as the web app loads it (issue 34)', () => {
    const raw = encodeMessage('validation.max', { max: 200 });
    expect(localizeWith(en, raw)).toBe(localizeMessage('en', raw));
    expect(localizeWith(de, raw)).toBe('Darf höchstens 200 Zeichen lang sein.');
    expect(localizeWith(de, '@no.such.key')).toBe('@no.such.key');
    expect(localizeWith(en, 'plain text')).toBe('plain text');
    expect(MESSAGES).toEqual({ de, en });
  });

  it.each([
    [undefined, 'de'],
    ['', 'de'],
    ['en-US,en;q=0.9', 'en'],
    ['fr-CH, fr;q=0.9, en;q=0.8, de;q=0.7', 'en'],
    ['de-CH', 'de'],
    ['fr', 'de'],
    ['en;q=0.2, de;q=0.5', 'de'],
  ])('pickLocale(%s) = %s', (header, expected) => {
    expect(pickLocale(header)).toBe(expected);
  });
});
