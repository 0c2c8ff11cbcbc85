import { describe, expect, it } from 'vitest';
import { isKnownPagePath, PAGE_ROUTES, seminarSlugOfPage } from './routes.ts';

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

describe('seminarSlugOfPage', () => {
  it.each([
    ['/seminar/mein-kurs', 'mein-kurs'],
    ['/en/seminar/mein-kurs/', 'mein-kurs'],
    ['/seminar/f%C3%BChrung', 'führung'],
  ])('%s is the seminar page of a slug', (path, slug) => {
    expect(seminarSlugOfPage(path)).toBe(slug);
  });
  it.each([
    '/seminar',
    '/seminar/own',
    '/en/seminar/tempList',
    '/seminar/booking',
    '/seminar/access-link',
    '/seminar/id/4',
    '/user/anna',
  ])('%s is no seminar slug page', (path) => {
    expect(seminarSlugOfPage(path)).toBeNull();
  });
});
