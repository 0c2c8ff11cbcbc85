import { describe, expect, it, vi } from 'vitest';
import { downloadFile, extensionOf, GENERIC_BINARY, mimeTypeFor } from './download';

describe('download helper (spec section 7)', () => {
  it.each([
    ['skript.pdf', 'application/pdf'],
    ['Brief.DOC', 'application/msword'],
    ['brief.docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
    ['zahlen.xls', 'application/vnd.ms-excel'],
    ['zahlen.xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
    ['folien.ppt', 'application/vnd.ms-powerpoint'],
    ['folien.pptx', 'application/vnd.openxmlformats-officedocument.presentationml.presentation'],
    ['alles.zip', 'application/zip'],
    ['notizen.txt', GENERIC_BINARY],
    ['ohne-endung', GENERIC_BINARY],
    ['.pdf', GENERIC_BINARY],
  ])('picks the type of %s by its extension', (name, type) => {
    expect(mimeTypeFor(name)).toBe(type);
  });

  it('reads the extension of URLs without query or hash', () => {
    expect(extensionOf('/files/a.b/report.PDF?x=1#y')).toBe('pdf');
    expect(extensionOf('/files/a.b/report')).toBe('');
  });

  it('GETs the URL as a blob and saves it with the type of the extension', async () => {
    const fetchMock = vi.fn(
      async () =>
        new Response(new Blob(['PK..']), { status: 200, headers: { 'content-type': 'text/plain' } }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const blobs: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      blobs.push(blob as Blob);
      return 'blob:http://localhost:3000/x';
    });
    const clicked: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this);
    });

    await expect(downloadFile('/api/chapters/doc/3/download', 'Unterlagen.zip')).resolves.toBe(true);
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/chapters/doc/3/download');
    expect(init.credentials).toBe('include');
    expect(blobs[0]?.type).toBe('application/zip');
    expect(clicked[0]?.download).toBe('Unterlagen.zip');
    expect(clicked[0]?.href).toBe('blob:http://localhost:3000/x');
    expect(document.querySelector('a[download]')).toBeNull();
  });

  it('only logs a failure', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{}', { status: 404 })),
    );
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    await expect(downloadFile('/api/chapters/doc/9/download', 'x.pdf')).resolves.toBe(false);
    expect(log).toHaveBeenCalled();

    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('offline'))),
    );
    await expect(downloadFile('/api/chapters/doc/9/download', 'x.pdf')).resolves.toBe(false);
    expect(log).toHaveBeenCalledTimes(2);
  });
});
