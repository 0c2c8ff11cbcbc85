import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';

describe('system routes, errors and headers', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('GET /api/health answers ok while the database answers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('unknown /api routes get a 404 JSON body in the request language', async () => {
    const de = await t.app.inject({ method: 'GET', url: '/api/nope' });
    expect(de.statusCode).toBe(404);
    expect(de.headers['content-type']).toMatch(/application\/json/);
    expect(de.json()).toMatchObject({ code: 'route_not_found', message: 'Diese Adresse gibt es nicht.' });
    const en = await t.app.inject({
      method: 'GET',
      url: '/api/nope',
      headers: { 'accept-language': 'en-US,en;q=0.9' },
    });
    expect(en.json().message).toBe('This address does not exist.');
  });

  it('sets the security headers of SECURITY.md 3.1', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('unsafe-inline');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['permissions-policy']).toContain('camera=()');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['x-powered-by']).toBeUndefined();
  });

  it('ignores a trailing slash', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health/' });
    expect(res.statusCode).toBe(200);
  });

  it('malformed JSON is a 400 with a message, never a 500', async () => {
    const a = t.agent();
    const res = await a.post('/api/login', '{"email":', { headers: { 'content-type': 'application/json' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('bad_request');
  });

  it('an oversized JSON body is a 413', async () => {
    const a = t.agent();
    const res = await a.post(
      '/api/login',
      JSON.stringify({ email: 'a@b.ch', password: 'x'.repeat(1_100_000) }),
      {
        headers: { 'content-type': 'application/json' },
      },
    );
    expect(res.statusCode).toBe(413);
    expect(res.json().code).toBe('payload_too_large');
  });

  it('publishes OpenAPI', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/openapi.json' });
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json().paths)).toContain('/api/login');
  });

  it('GET /api/config gives the public client settings', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/config' });
    expect(res.json()).toEqual({ matomo: null, currency: 'CHF' });
  });

  it('GET /api/health answers 503 when the database does not answer', async () => {
    const broken = await buildTestApp();
    try {
      await broken.app.database.close();
      const res = await broken.app.inject({ method: 'GET', url: '/api/health' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ status: 'unavailable' });
      // any other route answers 503 with a message and no stack, never a 500
      const list = await broken.app.inject({ method: 'GET', url: '/api/seminars' });
      expect(list.statusCode).toBe(503);
      expect(list.json()).toEqual({
        message: 'Der Dienst ist gerade nicht verfügbar. Bitte später erneut versuchen.',
        code: 'service_unavailable',
      });
      expect(list.headers['retry-after']).toBe('5');
    } finally {
      await broken.close();
    }
  });

  it('serves no web app page for unknown non-API paths without a build (404 JSON)', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/does/not/exist',
      headers: { accept: 'text/html' },
    });
    expect(res.statusCode).toBe(404);
  });
});
