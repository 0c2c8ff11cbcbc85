import { afterEach, describe, expect, it, vi } from 'vitest';
import { setTestCookie } from '@/testing/cookies';
import { FakeXhr, installFakeXhr, started } from '@/testing/fake-xhr';
import { ApiError, setUnauthorizedHandler } from './api-client';
import { applyLocale } from './i18n';
import { isAbortError, uploadWithProgress } from './upload';

function setup() {
  installFakeXhr();
  setTestCookie('XSRF-TOKEN', 'tok%3D1');
}

afterEach(() => {
  setUnauthorizedHandler(null);
  void applyLocale('de');
});

describe('uploadWithProgress', () => {
  it('reports rounded progress 0..100 and resolves with the JSON answer', async () => {
    setup();
    await applyLocale('en');
    const seen: number[] = [];
    const form = new FormData();
    form.append('chapter_id', '5');
    const promise = uploadWithProgress('/api/chapters/storeVideo', form, { onProgress: (p) => seen.push(p) });
    const xhr = await started();
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe('/api/chapters/storeVideo');
    expect(xhr.withCredentials).toBe(true);
    expect(xhr.headers).toMatchObject({
      Accept: 'application/json',
      'Accept-Language': 'en',
      'X-XSRF-TOKEN': 'tok=1',
    });
    expect(xhr.body).toBe(form);
    xhr.progress(1, 3);
    xhr.progress(1, 3); // same percent: reported once
    xhr.progress(2, 3);
    xhr.progress(3, 3);
    xhr.respond(201, { data: { chapter_id: 5 } });
    await expect(promise).resolves.toEqual({ data: { chapter_id: 5 } });
    expect(seen).toEqual([0, 33, 67, 100]);
  });

  it('cancel aborts the request (xhr.abort) and rejects with an AbortError', async () => {
    setup();
    const controller = new AbortController();
    const seen: number[] = [];
    const promise = uploadWithProgress('/api/chapters/storeDocs', new FormData(), {
      signal: controller.signal,
      onProgress: (p) => seen.push(p),
    });
    const xhr = await started();
    xhr.progress(50, 100);
    controller.abort();
    const error = await promise.catch((e: unknown) => e);
    expect(isAbortError(error)).toBe(true);
    expect(xhr.abort).toHaveBeenCalledTimes(1);
    expect(seen).toEqual([0, 50]);
  });

  it('maps error answers to the same ApiError as the api client (413 media.too_large)', async () => {
    setup();
    const promise = uploadWithProgress('/api/chapters/storeVideo', new FormData());
    const xhr = await started();
    xhr.respond(413, { message: 'Die Datei ist zu gross (höchstens 1 MB).', code: 'media.too_large' });
    const error = await promise.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 413,
      code: 'media.too_large',
      message: 'Die Datei ist zu gross (höchstens 1 MB).',
    });
  });

  it('keeps the field errors of a 422 and calls the 401 handler', async () => {
    setup();
    const promise = uploadWithProgress('/api/chapters/storeDocs', new FormData());
    const xhr = await started();
    xhr.respond(422, {
      message: 'Ungültig',
      code: 'media.type',
      errors: { docs: ['Dieser Dateityp ist nicht erlaubt.'] },
    });
    const error = (await promise.catch((e: unknown) => e)) as ApiError;
    expect(error.errors).toEqual({ docs: ['Dieser Dateityp ist nicht erlaubt.'] });

    const onUnauthorized = vi.fn();
    setUnauthorizedHandler(onUnauthorized);
    const second = uploadWithProgress('/api/chapters/storeDocs', new FormData());
    (await started()).respond(401, { message: 'Nicht angemeldet.', code: 'unauthenticated' });
    await expect(second).rejects.toMatchObject({ status: 401 });
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('fetches a new CSRF cookie after 419 and sends once more', async () => {
    setup();
    const fetchMock = vi.fn(async () => {
      setTestCookie('XSRF-TOKEN', 'fresh');
      return new Response(null, { status: 204 });
    });
    vi.stubGlobal('fetch', fetchMock);
    const promise = uploadWithProgress('/api/chapters/storeDocs', new FormData());
    const first = await started();
    first.respond(419, { message: 'CSRF', code: 'csrf_mismatch' });
    await vi.waitFor(() => expect(FakeXhr.instances).toHaveLength(2));
    const second = FakeXhr.instances[1]!;
    expect(second.headers['X-XSRF-TOKEN']).toBe('fresh');
    second.respond(201, { ok: true });
    await expect(promise).resolves.toEqual({ ok: true });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
