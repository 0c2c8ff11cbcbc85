import { afterEach, describe, expect, it, vi } from 'vitest';
import { setTestCookie } from '@/testing/cookies';
import { installFetchMock } from '@/testing/fetch-mock';
import { ApiError, api, setUnauthorizedHandler } from './api-client';
import { applyLocale } from './i18n';

afterEach(() => {
  setUnauthorizedHandler(null);
  void applyLocale('de');
});

describe('api client', () => {
  it('sends credentials, Accept and Accept-Language', async () => {
    const mock = installFetchMock({ 'GET /api/config': () => ({ body: { matomo: null, currency: 'CHF' } }) });
    await applyLocale('en');
    expect(await api.get('/api/config')).toEqual({ matomo: null, currency: 'CHF' });
    const [, init] = mock.fn.mock.calls[0] as [string, RequestInit];
    expect(init.credentials).toBe('include');
    const headers = new Headers(init.headers);
    expect(headers.get('Accept')).toBe('application/json');
    expect(headers.get('Accept-Language')).toBe('en');
    expect(headers.get('X-XSRF-TOKEN')).toBeNull();
  });

  it('fetches the CSRF cookie before the first mutating request and sends X-XSRF-TOKEN', async () => {
    const mock = installFetchMock({
      'GET /sanctum/csrf-cookie': () => {
        setTestCookie('XSRF-TOKEN', 'a%2Bb%3D');
        return { status: 204 };
      },
      'POST /api/forgot-password': () => ({ body: { message: 'ok' } }),
    });
    await api.post('/api/forgot-password', { email: 'a@b.ch' });
    await api.post('/api/forgot-password', { email: 'a@b.ch' });
    expect(mock.calls.map((c) => `${c.method} ${c.path}`)).toEqual([
      'GET /sanctum/csrf-cookie',
      'POST /api/forgot-password',
      'POST /api/forgot-password',
    ]);
    const post = mock.calls[1]!;
    expect(post.headers.get('X-XSRF-TOKEN')).toBe('a+b=');
    expect(post.headers.get('Content-Type')).toBe('application/json');
    expect(post.json()).toEqual({ email: 'a@b.ch' });
  });

  it('prefers the __Host-XSRF-TOKEN cookie', async () => {
    // a __Host- cookie needs https, which jsdom's http://localhost can't set: read it as the browser would
    vi.spyOn(document, 'cookie', 'get').mockReturnValue('XSRF-TOKEN=plain; __Host-XSRF-TOKEN=host%20token');
    const mock = installFetchMock({ 'DELETE /api/x/1': () => ({ status: 204 }) });
    expect(await api.delete('/api/x/1')).toBeUndefined();
    expect(mock.calls[0]!.headers.get('X-XSRF-TOKEN')).toBe('host token');
  });

  it('on 419 fetches a new CSRF cookie and retries once', async () => {
    setTestCookie('XSRF-TOKEN', 'old');
    let attempts = 0;
    const mock = installFetchMock({
      'GET /sanctum/csrf-cookie': () => {
        setTestCookie('XSRF-TOKEN', 'new');
        return { status: 204 };
      },
      'PATCH /api/thing': (req) => {
        attempts += 1;
        return req.headers.get('X-XSRF-TOKEN') === 'new'
          ? { body: { ok: true } }
          : { status: 419, body: { message: 'CSRF', code: 'csrf_mismatch' } };
      },
    });
    expect(await api.patch('/api/thing', { a: 1 })).toEqual({ ok: true });
    expect(attempts).toBe(2);
    expect(mock.callsTo('GET /sanctum/csrf-cookie')).toHaveLength(1);
  });

  it('gives up after one retry on a second 419', async () => {
    setTestCookie('XSRF-TOKEN', 'old');
    installFetchMock({
      'GET /sanctum/csrf-cookie': () => ({ status: 204 }),
      'POST /api/thing': () => ({ status: 419, body: { message: 'CSRF', code: 'csrf_mismatch' } }),
    });
    await expect(api.post('/api/thing')).rejects.toMatchObject({ status: 419, code: 'csrf_mismatch' });
  });

  it('turns a 422 into an ApiError with field errors', async () => {
    setTestCookie('XSRF-TOKEN', 't');
    installFetchMock({
      'POST /api/register/': () => ({
        status: 422,
        body: {
          message: 'Die Eingaben sind ungültig.',
          code: 'validation_failed',
          errors: { username: ['vergeben'] },
        },
      }),
    });
    const error = await api.post('/api/register/', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 422,
      code: 'validation_failed',
      message: 'Die Eingaben sind ungültig.',
      errors: { username: ['vergeben'] },
    });
  });

  it('leaves the Content-Type of multipart bodies to the browser', async () => {
    setTestCookie('XSRF-TOKEN', 't');
    const mock = installFetchMock({ 'POST /api/user/update': () => ({ body: { id: 1 } }) });
    const form = new FormData();
    form.append('first_name', 'Anna');
    await api.post('/api/user/update', form);
    const call = mock.calls[0]!;
    expect(call.headers.get('Content-Type')).toBeNull();
    expect(call.body).toBe(form);
  });

  it('passes a prepared query string on verbatim', async () => {
    const mock = installFetchMock({ 'GET /api/email/verify/1/abc': () => ({ body: { verified: true } }) });
    await api.get('/api/email/verify/1/abc', { query: '?expires=1&signature=a%2Bb' });
    expect(mock.calls[0]!.search).toBe('?expires=1&signature=a%2Bb');
  });

  it('calls the 401 handler, except for requests that expect a 401', async () => {
    const seen: number[] = [];
    setUnauthorizedHandler((e) => seen.push(e.status));
    installFetchMock({
      'GET /api/user': () => ({ status: 401, body: { message: 'no', code: 'unauthenticated' } }),
    });
    await expect(api.get('/api/user', { ignoreUnauthorized: true })).rejects.toMatchObject({ status: 401 });
    expect(seen).toEqual([]);
    await expect(api.get('/api/user')).rejects.toMatchObject({ status: 401 });
    expect(seen).toEqual([401]);
  });
});
