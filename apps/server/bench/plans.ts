/**
 * npm run bench:plans -- [--scale 0.01] [--strict] [--pglite DATA_DIR]
 *
 * The plan check (bench/plans/check.ts) on the generated database of this scale (generated when
 * missing): lists every sequential scan of a growing table in the queries of the bench's routes;
 * exits 1 when there is one. `--strict` plans with enable_seqscan off (for small databases).
 */
import { parseArgs } from 'node:util';
import { defaultBenchUrl, generateBenchData } from './dataset/generate.ts';
import { checkPlans } from './plans/check.ts';

const { values } = parseArgs({
  options: {
    scale: { type: 'string', default: '0.01' },
    seed: { type: 'string', default: '1' },
    strict: { type: 'boolean', default: false },
    pglite: { type: 'string' },
  },
});
const scale = Number(values.scale);
const seed = Number(values.seed);
const databaseUrl = values.pglite ? undefined : defaultBenchUrl(scale, seed);
const gen = await generateBenchData({ scale, seed, databaseUrl, dataDir: values.pglite });
const r = await checkPlans({
  databaseUrl,
  dataDir: values.pglite,
  handles: gen.handles,
  strict: values.strict,
});
console.log(
  `${r.statements} statements of ${Object.keys(r.statuses).length} routes explained (scale ${scale}${values.strict ? ', enable_seqscan off' : ''})`,
);
const bad = Object.entries(r.statuses).filter(([, s]) => s !== 200);
if (bad.length) console.log(`routes not answering 200: ${bad.map(([n, s]) => `${n} ${s}`).join(', ')}`);
for (const f of r.findings) console.log(`- seq scan of ${f.table} (${f.routes.join(', ')}): ${f.query}`);
console.log(
  r.findings.length
    ? `${r.findings.length} sequential scans of growing tables`
    : 'no sequential scan of a growing table',
);
process.exitCode = r.findings.length ? 1 : 0;
