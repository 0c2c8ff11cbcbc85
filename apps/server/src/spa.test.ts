import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, factories, type TestApp } from './test/build-test-app.ts';
import { seminarFixtures } from './test/fixtures.ts';

const BIG_JS = `export const words = ${JSON.stringify(Array.from({ length: 500 }, (_, i) => `word${i}`))};`;
const INDEX_HTML = `<!doctype html><title>app</title><div id="root"></div><!--${'padding '.repeat(200)}-->`;

describe('serving the web app with SPA fallback', () => {
  let t: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = await mkdtemp(path.join(os.tmpdir(), 'elearn-dist-'));
    await mkdir(path.join(dist, 'assets'));
    await writeFile(path.join(dist, 'index.html'), INDEX_HTML);
    await writeFile(path.join(dist, 'assets', 'main-abc123.js'), 'console.log(1)');
    // a big script with the .br/.gz files the build writes beside it
    await writeFile(path.join(dist, 'assets', 'big-def456.js'), BIG_JS);
    await writeFile(path.join(dist, 'assets', 'big-def456.js.br'), brotliCompressSync(BIG_JS));
    await writeFile(path.join(dist, 'assets', 'big-def456.js.gz'), gzipSync(BIG_JS));
    t = await buildTestApp({ webDist: dist });
  });
  afterAll(async () => {
    await t.close();
    await rm(dist, { recursive: true, force: true });
  });

  it.each([
    '/',
    '/en',
    '/login',
    '/en/login',
    '/seminar/id/4/chapter/2/play',
    '/en/company/muster/seminar',
    '/user/',
  ])('%s is answered with index.html and 200', async (url) => {
    const res = await t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.body).toContain('<div id="root">');
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
  });

  it('answers unknown pages with the app and status 404 (the app shows its not-found page)', async () => {
    for (const url of ['/nope', '/en/nope/deeper', '/seminar/id/4/unknown']) {
      const res = await t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect(res.statusCode).toBe(404);
      expect(res.body).toContain('<div id="root">');
    }
  });

  it('answers the page of an unknown or hidden seminar slug with 404, a public seminar with 200', async () => {
    const owner = await factories(t.app).user({ scopes: ['trainer'] });
    const fixtures = seminarFixtures(t.app);
    const shown = await fixtures.seminar(owner.id, { isPublic: true });
    const hidden = await fixtures.seminar(owner.id, { isPublic: false });
    const status = async (url: string) =>
      (await t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } })).statusCode;
    expect(await status(`/seminar/${shown.slug}`)).toBe(200);
    expect(await status(`/en/seminar/${shown.slug}`)).toBe(200);
    expect(await status('/seminar/unbekannt')).toBe(404);
    expect(await status('/en/seminar/unknown')).toBe(404);
    expect(await status(`/seminar/${hidden.slug}`)).toBe(404);
    for (const page of ['/seminar/own', '/seminar/tempList', '/en/seminar/booked', '/seminar/booking']) {
      expect(await status(page)).toBe(200);
    }
  });

  it('serves hashed assets with a long cache lifetime', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/main-abc123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('immutable');
  });

  it('sends the precompressed asset the client asks for, brotli first', async () => {
    const br = await t.app.inject({
      method: 'GET',
      url: '/assets/big-def456.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(BIG_JS);

    const gz = await t.app.inject({
      method: 'GET',
      url: '/assets/big-def456.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(BIG_JS);

    const plain = await t.app.inject({ method: 'GET', url: '/assets/big-def456.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(BIG_JS);
  });

  it('names no API answer in a Link header: a page brings its data (issue 34)', async () => {
    const learner = await factories(t.app).user();
    const agent = await t.loginAs(learner.email);
    // this build has no manifest to name chunks from, so nothing is left to name
    for (const url of ['/en/seminar/id/12/chapter/34/play', '/seminar/id/12/chapter/34', '/login', '/']) {
      const page = await agent.get(url, { headers: { accept: 'text/html' } });
      expect(page.headers.link, url).toBeUndefined();
    }
  });

  it('sends index.html compressed, revalidated by its ETag', async () => {
    for (const url of ['/', '/login', '/en/seminar/demo', '/nope']) {
      const br = await t.app.inject({
        method: 'GET',
        url,
        headers: { 'accept-encoding': 'br;q=1, gzip;q=0.5' },
      });
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.headers['cache-control']).toBe('private, no-cache');
      expect(brotliDecompressSync(br.rawPayload).toString()).toBe(INDEX_HTML);
    }
    const gz = await t.app.inject({
      method: 'GET',
      url: '/login',
      headers: { 'accept-encoding': 'gzip, br;q=0' },
    });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(INDEX_HTML);
    const plain = await t.app.inject({ method: 'GET', url: '/login' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(INDEX_HTML);

    const etag = plain.headers.etag;
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await t.app.inject({
      method: 'GET',
      url: '/login',
      headers: { 'if-none-match': String(etag) },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('compresses larger API JSON on the fly', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/docs/openapi.json',
      headers: { 'accept-encoding': 'br' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(res.rawPayload).toString()).openapi).toMatch(/^3\./);
  });

  it('a browser opening the verification link gets the page; fetch with JSON gets the API', async () => {
    const page = await t.app.inject({
      method: 'GET',
      url: `/email/verify/1/${'a'.repeat(40)}?expires=1&signature=x`,
      headers: { accept: 'text/html,application/xhtml+xml' },
    });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<div id="root">');
    const api = await t.app.inject({
      method: 'GET',
      url: `/email/verify/1/${'a'.repeat(40)}?expires=1&signature=x`,
      headers: { accept: 'application/json' },
    });
    expect(api.statusCode).toBe(403);
  });

  it('unknown API paths stay JSON 404 even with a web build', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/unknown', headers: { accept: 'text/html' } });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('route_not_found');
  });
});
