import { describe, expect, it } from 'vitest';
import { isKnownPagePath, PAGE_ROUTES } from './routes.ts';

describe('page routes of spec section 2', () => {
  it('lists every spec route once', () => {
    expect(new Set(PAGE_ROUTES).size).toBe(PAGE_ROUTES.length);
    expect(PAGE_ROUTES).toHaveLength(59);
  });
  it.each([
    '/',
    '/en',
    '/en/',
    '/login',
    '/en/login',
    '/seminar/id/5/chapter/7/subChapter/9',
    '/en/seminar/mein-kurs',
    '/email/verify/3/abc',
    '/email/verify',
    '/reset-password/tok',
    '/company/muster/seminar/booked',
    '/mcTest/graduate',
    '/mcTest/graduate/4',
    '/user/anna-admin',
    '/login/',
  ])('%s is a page', (path) => {
    expect(isKnownPagePath(path)).toBe(true);
  });
  it.each(['/nope', '/en/nope', '/seminar/id/5/chapter/7/unknown', '/login/extra', '/enx/login', '/company'])(
    '%s is not a page',
    (path) => {
      expect(isKnownPagePath(path)).toBe(false);
    },
  );
});
