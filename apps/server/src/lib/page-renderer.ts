/**
 * The web app's pages rendered on the server (issue 34): React's server renderer in the web
 * app's own entry (`apps/web/src/entry-server.tsx`, built into `dist/.ssr/`) renders the page
 * with the visitor's data, asked of this server's API in the visitor's name (`app.inject` with
 * the request's cookies: the same routes, rules and answers as the browser gets); the result goes
 * into the build's index.html: the page's language, its head (title, description, canonical,
 * alternates, link previews), its markup in #root and the data the browser hydrates from.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/** What the web app's entry answers (`RenderResult` of entry-server.tsx). */
export type RenderResult =
  | { kind: 'redirect'; status: number; location: string }
  | {
      kind: 'page';
      status: number;
      locale: 'de' | 'en';
      head: string;
      body: string;
      data: string;
      indexable: boolean;
      forUser: boolean;
    };

interface ServerEntry {
  render(request: {
    url: string;
    origin: string;
    cookies: string;
    fetch: (input: string, init?: RequestInit) => Promise<Response>;
    signal?: AbortSignal;
  }): Promise<RenderResult>;
}

export type RenderedPage =
  | { kind: 'redirect'; status: number; location: string; cookies: string[] }
  | { kind: 'page'; status: number; html: string; cookies: string[]; forUser: boolean; indexable: boolean };

const ENTRY = path.join('.ssr', 'entry-server.js');
const HTML_LANG = /<html lang="[a-z]+">/;
const ROOT = '<div id="root"></div>';
/** the template's own title and description: a rendered page names its own */
const TEMPLATE_HEAD = /\s*<title>[^<]*<\/title>|\s*<meta name="description" [^>]*>/g;

/** True when the build holds the server's entry. */
export function hasServerEntry(webDist: string): boolean {
  return existsSync(path.join(webDist, ENTRY));
}

/** The headers of an injected answer as a fetch `Headers` (each Set-Cookie on its own). */
function toHeaders(raw: Record<string, string | string[] | number | undefined>): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(raw)) {
    if (value === undefined) continue;
    for (const one of Array.isArray(value) ? value : [value]) headers.append(name, String(one));
  }
  return headers;
}

export interface PageRendererOptions {
  webDist: string;
  /** the site's public address (`APP_URL`) */
  origin: (request: FastifyRequest) => string;
  /** how long a page may take before the render is given up (500) */
  timeoutMs?: number;
}

export async function createPageRenderer(app: FastifyInstance, options: PageRendererOptions) {
  const { webDist, timeoutMs = 10_000 } = options;
  const template = readFileSync(path.join(webDist, 'index.html'), 'utf8').replace(TEMPLATE_HEAD, '');
  const entry = (await import(pathToFileURL(path.join(webDist, ENTRY)).href)) as ServerEntry;

  /** The API in the visitor's name: GETs only (a page's loaders read, never write). */
  const apiFor =
    (request: FastifyRequest, cookies: string[]) => async (input: string, init?: RequestInit) => {
      const method = (init?.method ?? 'GET').toUpperCase();
      if (method !== 'GET') throw new Error(`a page rendered on the server does not ${method}`);
      const headers: Record<string, string> = {};
      new Headers(init?.headers).forEach((value, name) => {
        headers[name] = value;
      });
      if (request.headers.cookie) headers.cookie = request.headers.cookie;
      const userAgent = request.headers['user-agent'];
      if (userAgent) headers['user-agent'] = userAgent;
      const res = await app.inject({ method: 'GET', url: input, headers, remoteAddress: request.ip });
      const setCookie = res.headers['set-cookie'];
      if (setCookie) cookies.push(...(Array.isArray(setCookie) ? setCookie : [setCookie]));
      return new Response(res.statusCode === 204 || res.statusCode === 304 ? null : res.rawPayload, {
        status: res.statusCode,
        headers: toHeaders(res.headers),
      });
    };

  /** The page at the request's address, rendered for its visitor; `noindex` for a private page. */
  const render = async (
    request: FastifyRequest,
    { noindex }: { noindex: boolean },
  ): Promise<RenderedPage> => {
    const cookies: string[] = [];
    const result = await entry.render({
      url: request.url,
      origin: options.origin(request),
      cookies: request.headers.cookie ?? '',
      fetch: apiFor(request, cookies),
      signal: AbortSignal.timeout(timeoutMs),
    });
    if (result.kind === 'redirect') return { ...result, cookies };
    const robots = noindex || !result.indexable ? '<meta name="robots" content="noindex"/>' : '';
    // replacer functions: the page's text is never read as a replacement pattern (`$&`)
    const html = template
      .replace(HTML_LANG, () => `<html lang="${result.locale}">`)
      .replace('</head>', () => `${result.head}${robots}</head>`)
      .replace(
        ROOT,
        () =>
          `<div id="root">${result.body}</div><script type="application/json" id="page-data">${result.data}</script>`,
      );
    return {
      kind: 'page',
      status: result.status,
      html,
      cookies,
      forUser: result.forUser,
      indexable: result.indexable && !noindex,
    };
  };

  return { render };
}

export type PageRenderer = Awaited<ReturnType<typeof createPageRenderer>>;
