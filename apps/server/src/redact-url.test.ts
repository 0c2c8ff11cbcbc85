import { describe, expect, it } from 'vitest';
import { redactUrl } from './app.ts';

describe('redactUrl (SECURITY A-18: no tokens in logs)', () => {
  it.each([
    ['/email/verify/1/abc?expires=1&signature=deadbeef', '/email/verify/1/abc?expires=1&signature=***'],
    ['/reset-password/tok123?email=a%40b.c', '/reset-password/***?email=a%40b.c'],
    ['/api/companies/access-link/tok_ABC-1', '/api/companies/access-link/***'],
    ['/seminar/access-link/tok_ABC-1?chapter=3', '/seminar/access-link/***?chapter=3'],
    ['/api/chapters/video/4/stream?access_link=tok_ABC-1', '/api/chapters/video/4/stream?access_link=***'],
    ['/api/companies/invitations/inv_TOKEN', '/api/companies/invitations/***'],
    ['/company/muster/register?token=inv_TOKEN&x=1', '/company/muster/register?token=***&x=1'],
    ['/api/seminars?page=2', '/api/seminars?page=2'],
  ])('%s', (url, expected) => {
    expect(redactUrl(url)).toBe(expected);
  });
});
