import { Validator } from '@seriousme/openapi-schema-validator';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { openapiPath } from '../../plugins/openapi.ts';
import type { Answer } from './record.ts';

type Json = Record<string, unknown>;
interface Doc {
  paths: Record<string, Record<string, { responses?: Record<string, { content?: Record<string, Json> }> }>>;
}

/** Validates the document against the OpenAPI 3 JSON schema; returns the problems. */
export async function validateDocument(doc: unknown): Promise<string[]> {
  const result = await new Validator().validate(doc as Parameters<Validator['validate']>[0]);
  if (result.valid) return [];
  const errors = Array.isArray(result.errors) ? result.errors : [result.errors];
  return errors.map((e) => JSON.stringify(e));
}

const pointer = (...parts: string[]) =>
  parts.map((p) => `/${p.replace(/~/g, '~0').replace(/\//g, '~1')}`).join('');

/**
 * Holds recorded answers against the document: every (operation, status) must be documented, a
 * JSON answer must match the documented JSON schema of its status, and any other body must have
 * a documented media type. Returns the failures (one line each, deduplicated).
 */
export function checkAnswers(doc: unknown, answers: Answer[]) {
  const ajv = new Ajv2020({ strict: false, allErrors: false, validateFormats: true });
  (addFormats as unknown as (a: Ajv2020) => void)(ajv);
  ajv.addFormat('binary', true);
  ajv.addSchema(doc as object, 'openapi');
  const validators = new Map<string, ReturnType<typeof ajv.compile>>();
  const failures = new Set<string>();
  let jsonChecked = 0;
  for (const a of answers) {
    const path = openapiPath(a.url);
    const method = a.method.toLowerCase();
    const key = `${a.method} ${path} → ${a.status}`;
    const op = (doc as Doc).paths[path]?.[method];
    if (!op) {
      failures.add(`${a.method} ${path}: the operation is not in the document`);
      continue;
    }
    const res = op.responses?.[String(a.status)];
    if (!res) {
      failures.add(`${key}: status not documented`);
      continue;
    }
    if (!a.hasBody) continue;
    const content = res.content ?? {};
    if (!content[a.type] && !(a.type && Object.keys(content).some((t) => t === '*/*'))) {
      failures.add(
        `${key}: answered ${a.type || 'a body'}, documented ${Object.keys(content).join(', ') || 'no content'}`,
      );
      continue;
    }
    if (a.type !== 'application/json' || a.body === undefined) continue;
    const ref = `openapi#${pointer('paths', path, method, 'responses', String(a.status), 'content', a.type, 'schema')}`;
    let validate = validators.get(ref);
    if (!validate) {
      validate = ajv.compile({ $ref: ref });
      validators.set(ref, validate);
    }
    jsonChecked++;
    if (!validate(JSON.parse(a.body))) {
      const e = validate.errors?.[0];
      failures.add(
        `${key}: body does not match its schema: ${e?.instancePath || '/'} ${e?.message} ${JSON.stringify(e?.params)}`,
      );
    }
  }
  return { failures: [...failures].sort(), jsonChecked };
}
