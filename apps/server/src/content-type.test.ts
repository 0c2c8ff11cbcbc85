import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Agent, buildTestApp, type TestApp } from './test/build-test-app.ts';

/**
 * the two routes the spec's client calls with "JSON text" (docs/api/mc-tests.md), and the video
 * position save, which `navigator.sendBeacon` sends as text/plain (docs/api/progress.md)
 */
const JSON_TEXT_ROUTES = new Set([
  '/api/questions/:question/attach',
  '/api/questions/:question/unattach',
  '/api/progress/videos/:id/position',
]);

/**
 * Issue 11 item 7: JSON routes answer 415 `unsupported_media_type` for any other content type
 * (docs/api), instead of parsing `text/plain` as a string and answering 422 "field required".
 * Every route of the route table with a JSON body is tried.
 */
describe('content types of JSON routes', () => {
  let t: TestApp;
  let admin: Agent;
  beforeAll(async () => {
    t = await buildTestApp();
    const a = await t.make.user({ scopes: ['admin', 'trainer', 'corporateTraining'] });
    admin = await t.loginAs(a.email);
  });
  afterAll(() => t.close());

  const jsonRoutes = () =>
    t.app.routeList.filter((r) => {
      const schema = (r.schema ?? {}) as { body?: unknown; consumes?: string[] };
      return schema.body !== undefined && !schema.consumes && !JSON_TEXT_ROUTES.has(r.url);
    });

  it('answers 415 to text/plain and other types on every JSON route', async () => {
    expect(jsonRoutes().length).toBeGreaterThan(30);
    const failures: string[] = [];
    for (const route of jsonRoutes()) {
      const url = route.url.replace(/:\w+/g, '1');
      for (const type of ['text/plain', 'text/plain; charset=utf-8', 'application/xml']) {
        const res = await admin.request({
          method: route.method as 'POST',
          url,
          payload: '{"a":1}',
          headers: { 'content-type': type },
        });
        if (res.statusCode !== 415 || res.json().code !== 'unsupported_media_type')
          failures.push(
            `${route.method} ${route.url} (${type}): ${res.statusCode} ${res.body.slice(0, 120)}`,
          );
      }
    }
    expect(failures).toEqual([]);
  });

  it('explains the 415 in the request language', async () => {
    admin.lang = 'en';
    const res = await admin.post('/api/chapters', 'x', { headers: { 'content-type': 'text/plain' } });
    admin.lang = 'de';
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({
      message: 'This request format is not supported.',
      code: 'unsupported_media_type',
    });
  });

  it('still takes JSON, and JSON text on the routes the spec calls with it', async () => {
    const json = await admin.post('/api/chapters', { seminar_id: 999_999, label: 'x' });
    expect(json.statusCode).toBe(404);
    const text = await admin.patch(
      '/api/questions/%7Bquestion%7D/attach',
      JSON.stringify({ mcTestId: 999_999, questions: [1] }),
      { headers: { 'content-type': 'text/plain' } },
    );
    expect(text.statusCode).toBe(404);
  });
});
