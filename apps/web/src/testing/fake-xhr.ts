/** A stand-in for XMLHttpRequest whose events the test drives (uploads). */
import { expect, vi } from 'vitest';

export class FakeXhr {
  static instances: FakeXhr[] = [];
  upload: { onprogress: ((e: Partial<ProgressEvent>) => void) | null; onload: (() => void) | null } = {
    onprogress: null,
    onload: null,
  };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  status = 0;
  statusText = '';
  responseText = '';
  withCredentials = false;
  method = '';
  url = '';
  body: unknown = null;
  headers: Record<string, string> = {};
  private responseHeaders: Record<string, string> = {};
  abort = vi.fn(() => this.onabort?.());

  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  getResponseHeader(name: string) {
    return this.responseHeaders[name.toLowerCase()] ?? null;
  }
  send(body: unknown) {
    this.body = body;
    FakeXhr.instances.push(this);
  }
  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ lengthComputable: true, loaded, total });
  }
  /** a tus answer: a status, headers and an empty (or text) body */
  respondRaw(status: number, headers: Record<string, string>, text = '') {
    this.upload.onload?.();
    this.status = status;
    this.responseText = text;
    for (const [k, v] of Object.entries(headers)) this.responseHeaders[k.toLowerCase()] = v;
    this.onload?.();
  }
  respond(status: number, body: unknown) {
    this.upload.onload?.();
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.responseHeaders['content-type'] = 'application/json';
    this.onload?.();
  }
}

export async function started(): Promise<FakeXhr> {
  await vi.waitFor(() => expect(FakeXhr.instances.length).toBeGreaterThan(0));
  return FakeXhr.instances.at(-1)!;
}

/** Replaces XMLHttpRequest for the test (undone by `unstubGlobals`). */
export function installFakeXhr() {
  FakeXhr.instances = [];
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
}
