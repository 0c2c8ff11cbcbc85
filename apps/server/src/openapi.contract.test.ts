import openapiTS, { astToString } from 'openapi-typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openapiPath, unknownOperationDocs } from './plugins/openapi.ts';
import { type Agent, buildTestApp, type TestApp } from './test/build-test-app.ts';
import { checkAnswers, validateDocument } from './test/contract/check.ts';
import type { Answer } from './test/contract/record.ts';
import { seminarFixtures } from './test/fixtures.ts';

// biome-ignore lint/suspicious/noExplicitAny: the document is read as plain JSON
type Json = Record<string, any>;

/**
 * The OpenAPI document tells a client generator the truth (issue 20). The whole API suite is
 * held against it by test/contract/global-setup.ts; this file checks the document itself, a
 * sweep of every route as guest and admin, and the typed client generated from it.
 */
describe('OpenAPI contract', () => {
  let t: TestApp;
  let doc: Json;
  let admin: Agent;
  let ids: { user: number; company: number; member: number; seminar: number };

  beforeAll(async () => {
    t = await buildTestApp({ rateLimitFactor: 100 });
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/openapi.json' });
    doc = res.json();
    const a = await t.make.user({ scopes: ['admin'] });
    const user = await t.make.user();
    const member = await t.make.user();
    const company = await t.make.company();
    await t.make.member(company.id, member.id);
    const seminar = await seminarFixtures(t.app).seminar(a.id);
    ids = { user: user.id, company: company.id, member: member.id, seminar: seminar.id };
    admin = await t.loginAs(a.email);
  });
  afterAll(() => t.close());

  const operations = () =>
    Object.entries(doc.paths as Record<string, Record<string, Json>>).flatMap(([path, ops]) =>
      Object.entries(ops).map(([method, op]) => ({ path, method: method.toUpperCase(), op })),
    );

  it('is a valid OpenAPI 3.1 document (@seriousme/openapi-schema-validator)', async () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(await validateDocument(doc)).toEqual([]);
    expect(unknownOperationDocs(t.app)).toEqual([]);
  });

  it('documents the error answers with the shared error body, and the security, of every operation', () => {
    expect(operations().length).toBeGreaterThan(100);
    for (const { path, method, op } of operations()) {
      const name = `${method} ${path}`;
      const ref = (status: string) => op.responses[status]?.content?.['application/json']?.schema?.$ref;
      expect(ref('500'), name).toBe('#/components/schemas/ErrorBody');
      expect(op.security, name).toBeDefined();
      // the routes without CSRF: the payment webhook and the one-click unsubscribe (RFC 8058)
      const exempt = ['/payment/mollie/webhook', '/api/payments/webhook', '/api/unsubscribe'];
      if (method !== 'GET' && !exempt.includes(path)) {
        expect(ref('419'), name).toBe('#/components/schemas/ErrorBody');
        expect(ref('422'), name).toBe('#/components/schemas/ValidationErrorBody');
        expect(op.security, name).toEqual([{ session: [], xsrfHeader: [], xsrfCookie: [] }]);
      }
      for (const [status, res] of Object.entries(op.responses as Record<string, Json>)) {
        if (status === '204') expect(res.content, `${name} 204`).toBeUndefined();
        if (status.startsWith('2') && status !== '204')
          expect(res.content, `${name} ${status}`).toBeDefined();
      }
    }
    const user = doc.paths['/api/user'].get;
    expect(user.security).toEqual([{ session: [] }]);
    expect(user.responses['401']).toBeDefined();
    expect(doc.paths['/api/seminars'].get.security).toEqual([{}, { session: [] }]);
    expect(doc.paths['/api/admin/users'].get.responses['403']).toBeDefined();
    expect(doc.components.securitySchemes).toMatchObject({
      session: { type: 'apiKey', in: 'cookie' },
      xsrfHeader: { type: 'apiKey', in: 'header', name: 'X-XSRF-TOKEN' },
      xsrfCookie: { type: 'apiKey', in: 'cookie', name: 'XSRF-TOKEN' },
    });
  });

  it('documents multipart bodies with their fields and file parts, and downloads with media types and ranges', () => {
    const seminar = doc.paths['/api/seminars'].post.requestBody.content['multipart/form-data'];
    expect(seminar.schema.properties.title).toMatchObject({ type: 'string', minLength: 1 });
    expect(seminar.schema.properties.image).toMatchObject({ type: 'string', format: 'binary' });
    expect(seminar.schema.required).toContain('title');
    const docs = doc.paths['/api/chapters/storeDocs'].post.requestBody.content['multipart/form-data'];
    expect(docs.schema.required).toEqual(['chapter_id', 'docs']);
    expect(docs.encoding.docs.contentType).toContain('application/pdf');
    const profile = doc.paths['/api/user/update'].post.requestBody.content;
    expect(profile['multipart/form-data'].schema.properties.avatar.format).toBe('binary');
    expect(profile['application/json'].schema.properties.email.format).toBe('email');
    expect(doc.paths['/api/chapters/storeVideo'].post.requestBody).toBeDefined();
    expect(doc.paths['/api/seminars/update/{id}'].post.requestBody).toBeDefined();

    const video = doc.paths['/api/chapters/video/{id}/stream'].get;
    expect(Object.keys(video.responses['200'].content)).toContain('video/mp4');
    expect(Object.keys(video.responses['206'].content)).toContain('video/mp4');
    expect(video.responses['416']).toBeDefined();
    expect(video.parameters.map((p: Json) => p.name)).toContain('Range');
    const xlsx = doc.paths['/api/graduate/export/{id}'].get.responses['200'].content;
    expect(Object.keys(xlsx)).toEqual(['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet']);
    expect(Object.keys(doc.paths['/api/users/{id}/avatar'].get.responses['200'].content)).toContain(
      'image/png',
    );
    expect(doc.paths['/api/seminars/{id}/image'].get.responses['206']).toBeDefined();
  });

  it('carries formats and limits of the zod rules (email, date, uri, non-blank labels)', () => {
    const body = (path: string, method = 'post') =>
      doc.paths[path][method].requestBody.content['application/json'].schema;
    const register = body('/api/register');
    expect(register.properties.email).toMatchObject({ format: 'email', maxLength: 254 });
    expect(register.properties.first_name).toMatchObject({ minLength: 1, maxLength: 100, pattern: '\\S' });
    expect(register.properties.locale.enum).toEqual(['de', 'en']);
    const link = body('/api/chapters/storeLinks').properties.links.items.properties;
    expect(link.url).toMatchObject({ format: 'uri', maxLength: 2048 });
    expect(link.label).toMatchObject({ minLength: 1, maxLength: 200, pattern: '\\S' });
    const audit = doc.paths['/api/admin/audit'].get.parameters as Json[];
    expect(audit.find((p) => p.name === 'from')?.schema).toMatchObject({ format: 'date' });
  });

  it('answers {} to every PATCH route without a 5xx; an empty company change is a 200 that changes nothing', async () => {
    const patches = t.app.routeList.filter((r) => r.method === 'PATCH');
    expect(patches.length).toBeGreaterThan(15);
    const idFor = (url: string, name: string) => {
      if (name === 'userId') return ids.member;
      if (url.startsWith('/api/admin/users/')) return ids.user;
      if (url.startsWith('/api/admin/companies/')) return ids.company;
      if (url.startsWith('/api/admin/seminars/')) return ids.seminar;
      return 1;
    };
    const answers: Answer[] = [];
    for (const r of patches) {
      const url = r.url.replace(/:(\w+)/g, (_, name: string) => String(idFor(r.url, name)));
      const res = await admin.patch(url, {});
      expect(res.statusCode, `PATCH ${url}`).toBeLessThan(500);
      answers.push(answerOf(r.method, r.url, res));
    }
    const before = (await admin.get(`/api/admin/companies/${ids.company}`)).json();
    const res = await admin.patch(`/api/admin/companies/${ids.company}`, {});
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(before);
    const audit = await admin.get('/api/admin/audit?action=company.updated');
    expect(audit.statusCode).toBe(200);
    expect(audit.json().data).toEqual([]);
    expect(checkAnswers(doc, answers).failures).toEqual([]);
  });

  it('a sweep of every route as guest and as admin answers only what the document says', async () => {
    const answers: Answer[] = [];
    const routes = t.app.routeList.filter(
      (r) =>
        !r.url.includes('*') &&
        /^\/(api|sanctum|email|payment)\//.test(r.url) &&
        r.url !== '/api/docs/openapi.json',
    );
    const documented = routes.filter((r) => doc.paths[openapiPath(r.url)]?.[r.method.toLowerCase()]);
    expect(documented.length).toBe(routes.filter((r) => !r.url.startsWith('/api/docs')).length);
    for (const r of documented) {
      const url = r.url.replace(/:(\w+)/g, '999999');
      // (the admin stays logged in)
      for (const agent of r.url === '/api/logout' ? [t.agent()] : [t.agent(), admin]) {
        const payload = r.method === 'GET' || r.method === 'DELETE' ? undefined : {};
        const res = await agent.request({ method: r.method as 'GET', url, ...(payload ? { payload } : {}) });
        answers.push(answerOf(r.method, r.url, res));
      }
      // a write without the CSRF header, and one with a body the route cannot parse
      if (r.method !== 'GET') {
        const guest = t.agent();
        answers.push(
          answerOf(r.method, r.url, await guest.request({ method: r.method as 'POST', url, csrf: false })),
        );
        const res = await admin.request({
          method: r.method as 'POST',
          url,
          payload: 'not json',
          headers: { 'content-type': 'text/plain' },
        });
        answers.push(answerOf(r.method, r.url, res));
      }
    }
    const { failures, jsonChecked } = checkAnswers(doc, answers);
    expect(failures).toEqual([]);
    expect(jsonChecked).toBeGreaterThan(documented.length);
    const statuses = new Set(answers.map((a) => a.status));
    for (const s of [200, 401, 403, 404, 415, 419, 422]) expect(statuses).toContain(s);
  });

  it('generates a typed client with openapi-typescript (docs/api/openapi.md)', async () => {
    const ts = astToString(await openapiTS(doc as never));
    expect(ts).toContain('export interface paths');
    expect(ts).toContain('"/api/login"');
    expect(ts).toMatch(/ErrorBody: \{/);
    expect(ts).toMatch(/ValidationErrorBody: \{[\s\S]*?errors: \{/);
    expect(ts).toContain('"multipart/form-data"');
    // the 422 of login is typed with the field errors
    expect(ts).toMatch(
      /422: \{[\s\S]*?"application\/json": components\["schemas"\]\["ValidationErrorBody"\]/,
    );
  });
});

function answerOf(
  method: string,
  url: string,
  res: { statusCode: number; headers: Json; body: string },
): Answer {
  const type = String(res.headers['content-type'] ?? '')
    .split(';')[0]
    ?.trim()
    .toLowerCase();
  return {
    method,
    url,
    status: res.statusCode,
    type: type ?? '',
    ...(type === 'application/json' ? { body: res.body } : {}),
    hasBody: res.body.length > 0,
  };
}
