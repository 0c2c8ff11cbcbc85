import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import {
  completeOperation,
  type Json,
  MUTATING,
  type RouteFacts,
  SCHEMAS,
  SECURITY_SCHEMES,
} from './openapi-complete.ts';
import { operationDocs } from './openapi-operations.ts';
import { operationSummaries } from './openapi-summaries.ts';
import { routeGuards } from './session.ts';

export { derivedErrors, type RouteFacts } from './openapi-complete.ts';

/**
 * The OpenAPI document at `/api/docs/openapi.json` (browsable at `/api/docs`), generated from the
 * routes' zod schemas and completed centrally so that a client generator learns the whole truth
 * (docs/api/openapi.md):
 *
 * - every operation lists the error answers it can give, with the shared error body; which ones
 *   follows from the route (its guard, its CSRF check, its path parameters, its request body),
 *   plus the domain answers of `openapi-operations.ts`;
 * - its security: the session cookie where a login is needed (optional elsewhere), and for writes
 *   the `X-XSRF-TOKEN` header with the `XSRF-TOKEN` cookie it is read from;
 * - 204 answers without content, multipart bodies with their fields and file parts, downloads
 *   with their media types and ranges (from `openapi-operations.ts`).
 *
 * The contract test (src/test/contract/) holds every answer of the API suite against it.
 */

/** `/api/seminars/:id` as OpenAPI writes it: `/api/seminars/{id}` */
export const openapiPath = (url: string) => url.replace(/:(\w+)(\([^)]*\))?/g, '{$1}');

const asList = <T>(v: T | T[] | undefined): T[] => (v === undefined ? [] : Array.isArray(v) ? v : [v]);

function factsOf(route: RouteOptions, method: string): RouteFacts {
  let guard: string[] | null = null;
  for (const hook of [...asList(route.onRequest), ...asList(route.preHandler)]) {
    const g = routeGuards.get(hook as object);
    if (g) guard = g.scopes ?? [];
  }
  const schema = (route.schema ?? {}) as Record<string, unknown>;
  return {
    method,
    path: openapiPath(route.url),
    guard,
    csrf: MUTATING.has(method) && route.config?.csrf !== false,
    params: Boolean(schema.params),
    body: Boolean(schema.body),
    input: Boolean(schema.params || schema.querystring || schema.body || schema.consumes),
  };
}

/**
 * `operationId` from the method and the path (generated clients name their methods by it):
 * `GET /api/seminars/{id}` → `getSeminarsById`; `api` is left out unless that would repeat an id.
 */
export function operationIdOf(method: string, path: string, taken: Set<string>): string {
  const words = (segments: string[]) =>
    segments
      .filter(Boolean)
      .flatMap((s) => {
        const param = /^\{(\w+)\}$/.exec(s);
        return param ? ['by', param[1] as string] : s.split(/[^A-Za-z0-9]+/);
      })
      .filter(Boolean)
      .map((w) => w[0]?.toUpperCase() + w.slice(1))
      .join('');
  const segments = path.split('/');
  const short = method.toLowerCase() + words(segments[1] === 'api' ? segments.slice(2) : segments);
  const id = taken.has(short) ? method.toLowerCase() + words(segments) : short;
  taken.add(id);
  return id;
}

/** Registers @fastify/swagger with the completion above, the UI at /api/docs and the JSON. */
export const openapiPlugin = fp(
  async (app: FastifyInstance) => {
    const facts = new Map<string, RouteFacts>();
    app.addHook('onRoute', (route) => {
      for (const method of asList(route.method)) {
        if (method === 'HEAD' || method === 'OPTIONS') continue;
        const f = factsOf(route, method);
        facts.set(`${method} ${f.path}`, f);
      }
    });

    await app.register(fastifySwagger, {
      openapi: {
        openapi: '3.1.0',
        info: {
          title: 'E-Learning API',
          version: '1.0.0',
          description:
            'Session cookie with Sanctum-style CSRF: `GET /sanctum/csrf-cookie`, then send the `XSRF-TOKEN` cookie value in `X-XSRF-TOKEN` on every write. Errors: `{ message, code, errors? }` (docs/api/openapi.md). A method a path does not take answers 405 (`method_not_allowed`) with an `Allow` header; an unknown path 404 (`route_not_found`).',
        },
        servers: [{ url: '/', description: 'This server' }],
        components: { securitySchemes: SECURITY_SCHEMES, schemas: SCHEMAS as never },
      },
      transform: jsonSchemaTransform,
      transformObject: (documentObject) => {
        const openapiObject = (documentObject as { openapiObject: object }).openapiObject;
        const doc = openapiObject as { paths?: Record<string, Record<string, Json>> };
        const ids = new Set<string>();
        for (const [path, ops] of Object.entries(doc.paths ?? {})) {
          for (const [method, op] of Object.entries(ops)) {
            const key = `${method.toUpperCase()} ${path}`;
            op.operationId ??= operationIdOf(method, path, ids);
            op.summary ??= operationSummaries[key];
            const f = facts.get(key);
            if (!f) continue;
            completeOperation(op, f, operationDocs[key] ?? {});
          }
        }
        return openapiObject;
      },
    });
    await app.register(fastifySwaggerUi, {
      routePrefix: '/api/docs',
      staticCSP: true,
      uiConfig: { docExpansion: 'list' },
    });
    app.get('/api/docs/openapi.json', { schema: { hide: true } }, async () => app.swagger());
  },
  { name: 'openapi' },
);

/** the operations of the extras table that match no route (a test keeps the table honest) */
export function unknownOperationDocs(app: FastifyInstance): string[] {
  const doc = app.swagger() as unknown as { paths: Record<string, Record<string, unknown>> };
  const known = new Set(
    Object.entries(doc.paths).flatMap(([p, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${p}`)),
  );
  return [...Object.keys(operationDocs), ...Object.keys(operationSummaries)].filter((k) => !known.has(k));
}
