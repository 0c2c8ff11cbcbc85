import { ERROR_CODES } from '@elearn/shared';
import { z } from 'zod';
import type { OperationDoc } from './openapi-operations.ts';

/**
 * How the OpenAPI document is completed per operation (plugins/openapi.ts): the error answers a
 * route can give, its security, 204 answers, multipart bodies and downloads.
 */

export const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** what the document needs to know about a route beyond its schema */
export interface RouteFacts {
  method: string;
  path: string;
  /** null: no guard; []: a login; otherwise one of these scopes */
  guard: string[] | null;
  csrf: boolean;
  params: boolean;
  /** a JSON body (its ids name records, which may not exist) */
  body: boolean;
  input: boolean;
}

const STATUS_TEXT: Record<number, string> = {
  400: 'Malformed request (`bad_request`): invalid JSON, a broken multipart body, or a path that is not valid percent-encoding.',
  401: 'Not logged in (`unauthenticated`).',
  403: 'Logged in but not allowed (`forbidden`).',
  404: 'Not found; also for records the caller may not know about.',
  409: 'Conflicts with the current state (see `code`).',
  410: 'Gone (see `code`).',
  413: 'The body is too large (`payload_too_large`).',
  414: 'A path parameter is longer than 200 characters (`uri_too_long`).',
  415: 'The Content-Type is not accepted (`unsupported_media_type`).',
  416: 'The Range cannot be satisfied (`media.range`); `Content-Range: bytes */size` gives the size.',
  419: 'CSRF token missing or wrong (`csrf_mismatch`): fetch `GET /sanctum/csrf-cookie` and send the `XSRF-TOKEN` cookie value in `X-XSRF-TOKEN`.',
  422: 'Invalid input (`validation_failed` or a domain code); `errors` maps each field to its messages.',
  429: 'Too many requests (`rate_limited`, or a throttle of the route); retry after `Retry-After` seconds. Also for an address that asked for too many unknown paths (a parameter left empty misses its route).',
  500: 'Internal error (`internal_error`); logged with the request id.',
  502: 'The payment provider does not answer (see `code`).',
  503: 'The database or a provider is unavailable (`service_unavailable`); retry later.',
  507: 'The server has no room to store the upload or the change (`storage_full`); nothing was kept.',
};

/** the error statuses a route can answer, derived from what it is */
export function derivedErrors(f: RouteFacts): number[] {
  const out = [500, 503];
  // a logged-in user may still be refused by an ownership policy (403)
  if (f.guard) out.push(401, 403);
  // path parameters name records; so do the ids in the body of a logged-in write
  if (f.params || (f.body && f.guard)) out.push(404);
  // the router refuses a parameter over 200 characters (414) or broken percent-encoding (400)
  // (and an empty one misses the route: 404, then 429 when an address sends too many of those)
  if (f.params) out.push(400, 414, 429);
  if (f.input) out.push(422);
  // a write may find the disk under the database (or the uploads) full: 507, nothing stored
  if (MUTATING.has(f.method)) out.push(400, 413, 415, 422, 507);
  if (f.csrf) out.push(419);
  return out;
}

const errorCode = { type: 'string', enum: [...ERROR_CODES] };
export const SCHEMAS = {
  ErrorBody: {
    type: 'object',
    description: 'The body of every error answer; `message` is in the language of Accept-Language.',
    properties: {
      message: { type: 'string' },
      code: errorCode,
      errors: {
        type: 'object',
        additionalProperties: { type: 'array', items: { type: 'string' } },
      },
    },
    required: ['message', 'code'],
    additionalProperties: false,
  },
  ValidationErrorBody: {
    type: 'object',
    description: 'A 422: `errors` maps each field (Laravel-style `a.b` keys) to its messages.',
    properties: {
      message: { type: 'string' },
      code: errorCode,
      errors: {
        type: 'object',
        additionalProperties: { type: 'array', items: { type: 'string' } },
      },
    },
    required: ['message', 'code', 'errors'],
    additionalProperties: false,
  },
};

export const SECURITY_SCHEMES = {
  session: {
    type: 'apiKey',
    in: 'cookie',
    name: 'session',
    description:
      'The session cookie (HttpOnly), set by `GET /sanctum/csrf-cookie` and renewed by `POST /api/login`. Named `__Host-session` in production over https.',
  },
  xsrfHeader: {
    type: 'apiKey',
    in: 'header',
    name: 'X-XSRF-TOKEN',
    description:
      'Every POST, PUT, PATCH and DELETE sends the value of the `XSRF-TOKEN` cookie (URL-decoded) in this header; a missing or wrong token answers 419.',
  },
  xsrfCookie: {
    type: 'apiKey',
    in: 'cookie',
    name: 'XSRF-TOKEN',
    description:
      'Readable by JavaScript, set with the session by `GET /sanctum/csrf-cookie` and on login; its value goes into `X-XSRF-TOKEN`. Named `__Host-XSRF-TOKEN` in production over https.',
  },
} as const;

export type Json = Record<string, unknown>;

const errorResponse = (status: number) => ({
  description: STATUS_TEXT[status] ?? 'Error.',
  ...(status === 429
    ? { headers: { 'Retry-After': { description: 'seconds to wait', schema: { type: 'integer' } } } }
    : {}),
  content: {
    'application/json': {
      schema: { $ref: `#/components/schemas/${status === 422 ? 'ValidationErrorBody' : 'ErrorBody'}` },
    },
  },
});

const binary = (type: string) => ({ schema: { type: 'string', format: 'binary', contentMediaType: type } });

const zodToJson = (schema: z.ZodType) => {
  const { $schema: _drop, ...rest } = z.toJSONSchema(schema, {
    target: 'draft-2020-12',
    io: 'input',
    unrepresentable: 'any',
  }) as Json;
  return rest;
};

function requestBodyOf(doc: OperationDoc): Json | undefined {
  const mp = doc.multipart;
  if (!mp) return undefined;
  const fields = mp.fields ? zodToJson(mp.fields) : { type: 'object', properties: {} };
  const properties = { ...((fields.properties as Json) ?? {}) };
  const required = [...((fields.required as string[]) ?? [])];
  const encoding: Json = {};
  for (const file of mp.files) {
    const part = {
      type: 'string',
      format: 'binary',
      description: file.description,
    };
    properties[file.name] = file.many ? { type: 'array', items: part, maxItems: file.many } : part;
    if (file.required) required.push(file.name);
    encoding[file.name] = { contentType: file.types.join(', ') };
  }
  const schema = { type: 'object', properties, ...(required.length ? { required } : {}) };
  const content: Json = { 'multipart/form-data': { schema, encoding } };
  if (mp.alsoJson && mp.fields) content['application/json'] = { schema: fields };
  return { required: true, content };
}

function downloadResponses(doc: OperationDoc): Json {
  const dl = doc.download;
  if (!dl) return {};
  const content = Object.fromEntries(dl.types.map((t) => [t, binary(t)]));
  const headers: Json = {
    'Content-Disposition': {
      description: dl.attachment ? 'attachment; filename=…' : 'inline; filename=…',
      schema: { type: 'string' },
    },
    'Content-Length': { schema: { type: 'integer' } },
  };
  const out: Json = { 200: { description: dl.description, headers, content } };
  if (dl.ranges) {
    (headers as Json)['Accept-Ranges'] = { schema: { type: 'string', enum: ['bytes'] } };
    out[206] = {
      description:
        'The requested byte range (`Range: bytes=start-end`); several ranges come as `multipart/byteranges`, one part each.',
      headers: {
        'Content-Range': { description: 'bytes start-end/size (one range)', schema: { type: 'string' } },
        'Content-Length': { schema: { type: 'integer' } },
      },
      content: {
        ...content,
        'multipart/byteranges': { schema: { type: 'string', format: 'binary' } },
      },
    };
  }
  return out;
}

/** Completes one operation of the generated document (see the module comment). */
export function completeOperation(op: Json, facts: RouteFacts, doc: OperationDoc) {
  const responses = (op.responses ?? {}) as Record<string, Json>;
  // a 204 has no body; zod's z.null() made it a JSON null
  for (const [status, res] of Object.entries(responses)) {
    if (status === '204' || (status === '200' && doc.download)) delete res.content;
    if (res.description === 'Default Response') res.description = status.startsWith('2') ? 'Success.' : '';
  }
  Object.assign(responses, downloadResponses(doc));
  if (doc.html) {
    const ok = responses['200'] ?? { description: 'Success.' };
    ok.content = { ...(ok.content as Json), 'text/html': { schema: { type: 'string' } } };
    ok.description = `${ok.description} A browser (\`Accept: text/html\`) gets the web app's page.`;
  }
  if (doc.download?.ranges) {
    const parameters = (op.parameters ?? []) as Json[];
    parameters.push({
      in: 'header',
      name: 'Range',
      required: false,
      description: 'One byte range, `bytes=start-end`, `bytes=start-` or `bytes=-suffix`; answered with 206.',
      schema: { type: 'string', pattern: '^bytes=\\d*-\\d*$' },
    });
    op.parameters = parameters;
  }
  const body = requestBodyOf(doc);
  if (body) op.requestBody = body;
  const errors = new Set([...derivedErrors(facts), ...(doc.errors ?? []), ...(doc.multipart ? [507] : [])]);
  if (doc.download?.ranges) errors.add(416);
  if (doc.login) errors.add(401);
  for (const status of [...errors].sort((a, b) => a - b)) {
    const key = String(status);
    const declared = responses[key];
    if (declared?.content) {
      if (!declared.description) declared.description = STATUS_TEXT[status] ?? '';
      continue;
    }
    responses[key] = errorResponse(status);
  }
  for (const res of Object.values(responses)) if (!res.description) res.description = 'Error.';
  op.responses = Object.fromEntries(Object.entries(responses).sort(([a], [b]) => a.localeCompare(b)));

  const session = { session: [] };
  const write = facts.csrf ? { xsrfHeader: [], xsrfCookie: [] } : {};
  const loginRequired = facts.guard !== null || doc.login === 'required';
  if (!facts.csrf && facts.method !== 'GET') op.security = [{}];
  else if (loginRequired || facts.csrf) op.security = [{ ...session, ...write }];
  else op.security = [{}, session];
  if (doc.login === 'or-access-link') {
    op.security = [session];
    op.description = [op.description, 'Needs a login, or an `access_link` token in the query.']
      .filter(Boolean)
      .join('\n\n');
  }
  if (facts.guard?.length) {
    op.description = [op.description, `Needs one of the scopes: ${facts.guard.join(', ')}.`]
      .filter(Boolean)
      .join('\n\n');
  }
}
