import { appendFileSync, existsSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { threadId } from 'node:worker_threads';
import type { FastifyInstance } from 'fastify';

/** One answer of the API as the contract test sees it. */
export interface Answer {
  method: string;
  /** the route as registered (`/api/seminars/:id`) */
  url: string;
  status: number;
  /** the Content-Type, without parameters ('' when none) */
  type: string;
  /** the body of a JSON answer */
  body?: string;
  /** a body of another type was sent */
  hasBody: boolean;
}

const MAX_BODY = 1_000_000;

/**
 * Records every answer of `app` that belongs to a documented route into `dir` (one JSON line per
 * distinct answer), and the app's OpenAPI document once per process. The API suite's global
 * setup (global-setup.ts) checks them all against the document when the suite ends.
 */
export function recordAnswers(app: FastifyInstance, dir: string) {
  const tag = `${process.pid}-${threadId}`;
  const file = path.join(dir, `answers-${tag}.jsonl`);
  appendFileSync(path.join(dir, `apps-${tag}.txt`), 'app\n');
  const seen = new Set<string>();
  app.addHook('onSend', async (req, reply, payload) => {
    const url = req.routeOptions.url;
    const hidden = (req.routeOptions.schema as { hide?: boolean } | undefined)?.hide;
    if (!url || hidden || req.method === 'HEAD' || req.method === 'OPTIONS') return payload;
    const type = String(reply.getHeader('content-type') ?? '')
      .split(';')[0]
      ?.trim()
      .toLowerCase();
    const isJson = type === 'application/json';
    const body = isJson && typeof payload === 'string' && payload.length <= MAX_BODY ? payload : undefined;
    const answer: Answer = {
      method: req.method,
      url,
      status: reply.statusCode,
      type: type ?? '',
      ...(body !== undefined ? { body } : {}),
      // Fastify sends no body with a 204 or 304, whatever the handler gave
      hasBody: reply.statusCode !== 204 && reply.statusCode !== 304 && payload != null && payload !== '',
    };
    const line = JSON.stringify(answer);
    if (!seen.has(line)) {
      seen.add(line);
      appendFileSync(file, `${line}\n`);
    }
    return payload;
  });
  app.addHook('onReady', async () => {
    const docFile = path.join(dir, 'openapi.json');
    if (existsSync(docFile)) return;
    const tmp = `${docFile}.${tag}.tmp`;
    writeFileSync(tmp, JSON.stringify(app.swagger()));
    renameSync(tmp, docFile);
  });
}
