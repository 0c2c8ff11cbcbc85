import net from 'node:net';
import { createConfig, lintFromString } from '@redocly/openapi-core';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allowedMethods } from './plugins/errors.ts';
import { type Agent, buildTestApp, multipart, type TestApp } from './test/build-test-app.ts';

// biome-ignore lint/suspicious/noExplicitAny: the document is read as plain JSON
type Json = Record<string, any>;

/**
 * Issue 32 items 7 and 18: the OpenAPI document passes Redocly's recommended rules without an
 * error and says what the server accepts; the router's own answers (a parameter too long, broken
 * percent-encoding, a method a path does not take, an unreadable request) come in the app's
 * `{ message, code }` shape, never Fastify's body with the path echoed.
 */
let t: TestApp;
let doc: Json;
let trainer: Agent;

beforeAll(async () => {
  t = await buildTestApp();
  doc = (await t.app.inject({ method: 'GET', url: '/api/docs/openapi.json' })).json();
  const user = await t.make.user({ scopes: ['trainer'] });
  trainer = await t.loginAs(user.email);
});
afterAll(() => t.close());

const ajv = new Ajv2020({ strict: false });
(addFormats as unknown as (a: Ajv2020) => void)(ajv);
const accepts = (schema: object, value: unknown) => ajv.validate(schema, value);
// in JSON Schema 2020-12 `format` is an annotation: a fuzzer or client need not check it
const annotationOnly = new Ajv2020({ strict: false, validateFormats: false });

describe('the OpenAPI document', () => {
  it("passes Redocly's recommended rules without an error; only the known kinds of warning remain", async () => {
    const problems = await lintFromString({
      source: JSON.stringify(doc),
      absoluteRef: '/openapi.json',
      config: await createConfig({ extends: ['recommended'] }),
    });
    const line = (p: (typeof problems)[number]) =>
      `${p.ruleId}: ${p.message} (${p.location[0]?.pointer ?? ''})`;
    expect(problems.filter((p) => p.severity === 'error').map(line)).toEqual([]);
    // info-license: the project publishes no license; no-ambiguous-paths: the spec's paths
    // (`/api/seminars/{id}` beside `/api/seminars/owned`, …); operation-4xx-response: the few
    // operations that answer no 4xx at all (health, config, csrf-cookie, …)
    const warnings = new Set(problems.filter((p) => p.severity === 'warn').map((p) => p.ruleId));
    expect([...warnings].filter((r) => !KNOWN_WARNINGS.includes(r))).toEqual([]);
  });

  it('names every operation (operationId unique, summary) and every operation with a path parameter lists 400, 414 and 429', () => {
    const ids = new Set<string>();
    for (const [path, ops] of Object.entries(doc.paths as Record<string, Record<string, Json>>)) {
      for (const [method, op] of Object.entries(ops)) {
        const name = `${method.toUpperCase()} ${path}`;
        expect(op.operationId, name).toMatch(/^[a-z]+[A-Za-z0-9]*$/);
        expect(ids.has(op.operationId), `${name}: ${op.operationId} twice`).toBe(false);
        ids.add(op.operationId);
        expect(op.summary, name).toEqual(expect.any(String));
        if (path.includes('{'))
          for (const s of ['400', '414', '429']) expect(op.responses[s], `${name} ${s}`).toBeDefined();
      }
    }
    expect(doc.paths['/api/seminars/{id}'].get.operationId).toBe('getSeminarsById');
    expect(doc.paths['/email/verify/{id}/{hash}'].get.operationId).not.toBe(
      doc.paths['/api/email/verify/{id}/{hash}'].get.operationId,
    );
    expect(doc.paths['/api/email/verify/{id}/{hash}'].get.responses['429']).toBeDefined();
    expect(doc.paths['/api/chapters/storeVideo'].post.responses['404']).toBeDefined();
    expect(doc.paths['/api/chapters/storeDocs'].post.responses['404']).toBeDefined();
    expect(doc.servers).toEqual([{ url: '/', description: 'This server' }]);
  });

  it('describes ids as the server checks them: an integer 1 … 2147483647 or its digits', async () => {
    const id = doc.paths['/api/seminars/{id}'].get.parameters.find((p: Json) => p.name === 'id').schema;
    for (const ok of ['1', '2147483647', 1, 2147483647]) expect(accepts(id, ok), String(ok)).toBe(true);
    for (const bad of ['0', '2147483648', '9999999999', '01', 0, 2147483648, 1.5, -1])
      expect(accepts(id, bad), String(bad)).toBe(false);
    // and the server agrees at the edges the document draws
    expect((await trainer.get('/api/seminars/2147483647')).statusCode).toBe(404);
    expect((await trainer.get('/api/seminars/2147483648')).statusCode).toBe(422);
    expect((await trainer.get('/api/seminars/0')).statusCode).toBe(422);
    const body = doc.paths['/api/booking/free'].post.requestBody.content['application/json'].schema;
    expect(accepts(body.properties.seminarId, 2147483648)).toBe(false);
  });

  it('describes e-mail addresses as the server checks them (`0@com` is refused by both)', async () => {
    const register = doc.paths['/api/register'].post.requestBody.content['application/json'].schema;
    const email = register.properties.email;
    expect(email.format).toBe('email');
    expect(annotationOnly.validate(email, 'anna@example.ch')).toBe(true);
    expect(annotationOnly.validate(email, '0@com')).toBe(false);
    const res = await t.agent().post('/api/register', { email: '0@com' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.email).toBeDefined();
  });

  it('company_id "" of a new seminar means no company: documented, and answered 201 without a company', async () => {
    const form = doc.paths['/api/seminars'].post.requestBody.content['multipart/form-data'].schema;
    expect(accepts(form.properties.company_id, '')).toBe(true);
    expect(accepts(form.properties.company_id, 'null')).toBe(true);
    expect(accepts(form.properties.company_id, '12')).toBe(true);
    expect(accepts(form.properties.company_id, 'x')).toBe(false);
    const body = multipart({ title: 'No company', price: '0', is_public: '1', company_id: '' });
    const res = await trainer.post('/api/seminars', body.payload, { headers: body.headers });
    expect(res.statusCode).toBe(201);
    expect(res.json().company_id).toBeNull();
    const bad = multipart({ title: 'Bad company', price: '0', is_public: '1', company_id: 'x' });
    expect((await trainer.post('/api/seminars', bad.payload, { headers: bad.headers })).statusCode).toBe(422);
  });

  it('a guest logout is a documented no-op (204, a fresh guest session), not a 401 (issue 32 item 7)', async () => {
    const logout = doc.paths['/api/logout'].post;
    expect(Object.keys(logout.responses)).not.toContain('401');
    expect(logout.description).toMatch(/guest/i);
    const guest = t.agent();
    const res = await guest.post('/api/logout');
    expect(res.statusCode).toBe(204);
    expect(guest.cookie('XSRF-TOKEN')).toMatch(/^g\./);
  });
});

describe("the router's own answers in the app's shape", () => {
  const long = 'x'.repeat(201);

  it('a path parameter over 200 characters: 414 uri_too_long, the path not echoed', async () => {
    for (const res of [
      await trainer.post(`/api/companies/member-invitations/${long}/accept`, {}),
      await trainer.get(`/api/companies/member-invitations/${long}`),
    ]) {
      expect(res.statusCode).toBe(414);
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(res.json()).toEqual({ message: 'Die Adresse ist zu lang.', code: 'uri_too_long' });
      expect(res.body).not.toContain('xxxx');
    }
    const en = await t.app.inject({
      method: 'GET',
      url: `/api/seminars/slug/${long}`,
      headers: { 'accept-language': 'en' },
    });
    expect(en.json()).toEqual({ message: 'The address is too long.', code: 'uri_too_long' });
  });

  it('a path that is not valid percent-encoding: 400 bad_request, the path not echoed', async () => {
    for (const url of ['/api/seminars/slug/%E0%A4%A', '/api/companies/by-name/%zz']) {
      const res = await t.app.inject({ method: 'GET', url, headers: { 'accept-language': 'en' } });
      expect(res.statusCode, url).toBe(400);
      expect(res.json(), url).toEqual({ message: 'The request is malformed.', code: 'bad_request' });
      expect(res.body).not.toContain('%');
    }
  });

  it('a method a known path does not take: 405 method_not_allowed with Allow; unknown paths stay 404', async () => {
    const cases: [string, string, string][] = [
      ['PUT', '/api/seminars', 'GET, HEAD, POST'],
      ['PUT', '/api/seminars/', 'GET, HEAD, POST'],
      ['DELETE', '/api/login', 'POST'],
      ['GET', '/api/logout', 'POST'],
      ['PATCH', '/api/seminars/5', 'GET, HEAD, DELETE'],
      ['POST', '/sanctum/csrf-cookie', 'GET, HEAD'],
      ['OPTIONS', '/api/user', 'GET, HEAD'],
    ];
    for (const [method, url, allow] of cases) {
      const res = await trainer.request({ method: method as 'GET', url });
      expect(res.statusCode, `${method} ${url}`).toBe(405);
      expect(res.headers.allow, `${method} ${url}`).toBe(allow);
      expect(res.json()).toEqual({
        message: `Diese Adresse kann nicht mit ${method} aufgerufen werden (erlaubt: ${allow}).`,
        code: 'method_not_allowed',
      });
    }
    const unknown = await trainer.request({ method: 'PUT', url: '/api/no-such-thing' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('route_not_found');
    expect(unknown.headers.allow).toBeUndefined();
  });

  it("the Allow list leaves out a catch-all route (the web app's static files in production)", async () => {
    const app = Fastify({ routerOptions: { ignoreTrailingSlash: true } });
    app.get('/*', async () => 'file');
    app.get('/api/seminars', async () => []);
    app.post('/api/seminars', async () => ({}));
    await app.ready();
    try {
      expect(allowedMethods(app, '/api/seminars')).toEqual(['GET', 'HEAD', 'POST']);
      expect(allowedMethods(app, '/api/seminars/')).toEqual(['GET', 'HEAD', 'POST']);
      // a page path only the catch-all answers: no 405, the 404 of an unknown address stays
      expect(allowedMethods(app, '/about')).toEqual([]);
    } finally {
      await app.close();
    }
  });

  it('a request the HTTP parser cannot read (an unknown method): 400 in the app shape', async () => {
    const server = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const port = Number(new URL(server).port);
    const raw = await new Promise<string>((resolve, reject) => {
      const socket = net.connect(port, '127.0.0.1', () =>
        socket.write('FOO /api/seminars HTTP/1.1\r\nHost: x\r\nAccept-Language: en\r\n\r\n'),
      );
      let data = '';
      socket.on('data', (d) => {
        data += d.toString();
      });
      socket.on('end', () => resolve(data));
      socket.on('close', () => resolve(data));
      socket.on('error', reject);
    });
    expect(raw).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/);
    expect(raw).toContain('Content-Type: application/json; charset=utf-8');
    expect(JSON.parse(raw.slice(raw.indexOf('\r\n\r\n') + 4))).toEqual({
      message: 'The request is malformed.',
      code: 'bad_request',
    });
  });
});

const KNOWN_WARNINGS = ['info-license', 'no-ambiguous-paths', 'operation-4xx-response'];
