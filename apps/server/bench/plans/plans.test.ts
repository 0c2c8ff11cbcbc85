import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { generateBenchData, type Handles } from '../dataset/generate.ts';
import { checkPlans } from './check.ts';

// issue 39 item 3 (first version): the queries of the bench's routes on a small generated
// database, planned with enable_seqscan off: a sequential scan of a growing table that stays is
// one that no index can replace
let dir: string;
let handles: Handles;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'elearn-plans-'));
  handles = (await generateBenchData({ scale: 0.001, seed: 3, dataDir: dir })).handles;
}, 240_000);

afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

it('finds no sequential scan of a growing table in the routes of the size bench', async () => {
  const r = await checkPlans({ dataDir: dir, handles, strict: true });
  expect(Object.entries(r.statuses).filter(([, s]) => s !== 200)).toEqual([]);
  expect(r.statements).toBeGreaterThan(50);
  expect(r.findings.map((f) => `${f.table}: ${f.routes.join(', ')}: ${f.query.slice(0, 120)}`)).toEqual([]);
}, 240_000);
