import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { localizeMessage } from '../i18n/messages.ts';
import { registerBodySchema } from './auth.ts';
import {
  alpha,
  confirmed,
  email,
  httpUrl,
  is,
  isNot,
  length,
  min,
  password,
  regex,
  required,
  upCase,
} from './rules.ts';

const firstMessage = (schema: z.ZodType, value: unknown, locale: 'de' | 'en' = 'de') => {
  const r = schema.safeParse(value);
  return r.success ? null : localizeMessage(locale, r.error.issues[0]?.message ?? '');
};

describe('form rules (spec section 5)', () => {
  it('required', () => {
    expect(firstMessage(required(), '   ')).toBe('Dieses Feld ist erforderlich.');
    expect(firstMessage(required(), undefined, 'en')).toBe('This field is required.');
    expect(firstMessage(required(), 'x')).toBeNull();
  });
  it('email lower-cases and rejects invalid addresses', () => {
    expect(email().parse(' Anna@Example.CH ')).toBe('anna@example.ch');
    expect(firstMessage(email(), 'anna@')).toBe('Bitte eine gültige E-Mail-Adresse eingeben.');
  });
  it('min, length, alpha, regex, is, is_not, upCase', () => {
    expect(firstMessage(min(3), 'ab')).toBe('Muss mindestens 3 Zeichen lang sein.');
    expect(firstMessage(length(4), 'abc', 'en')).toBe('Must be exactly 4 characters long.');
    expect(firstMessage(alpha(), 'abc1')).toBe('Darf nur Buchstaben enthalten.');
    expect(firstMessage(alpha(), 'Äöü')).toBeNull();
    expect(firstMessage(regex(/^\d+$/), '12a')).toBe('Das Format ist ungültig.');
    expect(firstMessage(is('ja'), 'nein')).toBe('Der Wert stimmt nicht überein.');
    expect(firstMessage(isNot('admin'), 'admin')).toBe('Dieser Wert ist nicht erlaubt.');
    expect(firstMessage(upCase(), 'kleinbuchstaben')).toBe('Mindestens ein Grossbuchstabe benötigt');
    expect(firstMessage(upCase(), 'Über')).toBeNull();
  });
  it('password: 8 to 256 characters with a capital letter', () => {
    expect(firstMessage(password(), 'Abcdefg')).toBe('Muss mindestens 8 Zeichen lang sein.');
    expect(firstMessage(password(), 'abcdefgh')).toBe('Mindestens ein Grossbuchstabe benötigt');
    expect(firstMessage(password(), `A${'b'.repeat(256)}`)).toBe('Darf höchstens 256 Zeichen lang sein.');
    expect(firstMessage(password(), 'Abcdefgh')).toBeNull();
  });
  it('confirmed puts the error on the confirmation field', () => {
    const schema = z
      .object({ password: z.string(), password_confirmation: z.string() })
      .superRefine(confirmed('password'));
    const r = schema.safeParse({ password: 'a', password_confirmation: 'b' });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.path).toEqual(['password_confirmation']);
    expect(localizeMessage('de', r.error?.issues[0]?.message ?? '')).toBe(
      'Die Bestätigung stimmt nicht überein.',
    );
  });
  it('httpUrl allows only http and https', () => {
    expect(firstMessage(httpUrl(), 'https://example.ch/a')).toBeNull();
    for (const bad of ['javascript:alert(1)', 'data:text/html,x', 'ftp://x.ch', 'not a url']) {
      expect(firstMessage(httpUrl(), bad)).toBe('Bitte eine gültige http- oder https-Adresse eingeben.');
    }
  });
  it('the register schema refuses unknown fields (no mass assignment)', () => {
    const r = registerBodySchema.safeParse({
      username: 'anna',
      email: 'a@b.ch',
      first_name: 'A',
      last_name: 'B',
      password: 'Abcdefgh1',
      password_confirmation: 'Abcdefgh1',
      scope: ['admin'],
    });
    expect(r.success).toBe(false);
  });
});
