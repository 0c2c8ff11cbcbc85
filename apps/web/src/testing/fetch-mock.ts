/**
 * A small `fetch` stand-in for component tests: each handler answers one `METHOD /path`; any
 * other request is recorded as unhandled and answered with 501, so a test that makes an
 * unexpected call fails (`expectAllHandled`).
 */
import { expect, vi } from 'vitest';

export interface MockRequest {
  method: string;
  path: string;
  search: string;
  headers: Headers;
  body: BodyInit | null | undefined;
  json: () => unknown;
}

export type MockReply = { status?: number; body?: unknown; headers?: Record<string, string> };
export type Handler = (req: MockRequest) => MockReply | Promise<MockReply>;

export interface FetchMock {
  fn: ReturnType<typeof vi.fn>;
  calls: MockRequest[];
  unhandled: string[];
  on: (key: string, handler: Handler) => void;
  callsTo: (key: string) => MockRequest[];
  expectAllHandled: () => void;
}

export function installFetchMock(handlers: Record<string, Handler> = {}): FetchMock {
  const table = new Map(Object.entries(handlers));
  const calls: MockRequest[] = [];
  const unhandled: string[] = [];
  const fn = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(typeof input === 'string' ? input : input.toString(), 'http://localhost:3000');
    const method = (init.method ?? 'GET').toUpperCase();
    const req: MockRequest = {
      method,
      path: url.pathname,
      search: url.search,
      headers: new Headers(init.headers),
      body: init.body,
      json: () => JSON.parse(String(init.body)),
    };
    calls.push(req);
    const handler = table.get(`${method} ${url.pathname}`);
    if (!handler) {
      unhandled.push(`${method} ${url.pathname}${url.search}`);
      return new Response(JSON.stringify({ message: 'unhandled in test', code: 'test_unhandled' }), {
        status: 501,
        headers: { 'content-type': 'application/json' },
      });
    }
    const reply = await handler(req);
    const status = reply.status ?? 200;
    const hasBody = reply.body !== undefined && status !== 204;
    return new Response(hasBody ? JSON.stringify(reply.body) : null, {
      status,
      headers: { ...(hasBody ? { 'content-type': 'application/json' } : {}), ...reply.headers },
    });
  });
  vi.stubGlobal('fetch', fn);
  return {
    fn,
    calls,
    unhandled,
    on: (key, handler) => table.set(key, handler),
    callsTo: (key) => calls.filter((c) => `${c.method} ${c.path}` === key),
    expectAllHandled: () => expect(unhandled).toEqual([]),
  };
}
