/**
 * npm run bench:data -- --scale N [--seed S] [--database-url URL] [--pglite DATA_DIR]
 *
 * Builds (or reuses) the generated database of this scale and seed (bench/dataset/generate.ts): on
 * PostgreSQL by default (BENCH_DATABASE_URL's server, database elearn_bench_s<scale>), on PGlite
 * in DATA_DIR with --pglite. Prints the time it took, the row counts and the users to log in as.
 */
import { parseArgs } from 'node:util';
import { BENCH_PASSWORD, defaultBenchUrl, generateBenchData } from './dataset/generate.ts';

const { values } = parseArgs({
  options: {
    scale: { type: 'string', default: '0.01' },
    seed: { type: 'string', default: '1' },
    'database-url': { type: 'string' },
    pglite: { type: 'string' },
  },
});
const scale = Number(values.scale);
const seed = Number(values.seed);
const databaseUrl = values.pglite ? undefined : (values['database-url'] ?? defaultBenchUrl(scale, seed));
const t0 = performance.now();
const result = await generateBenchData({
  scale,
  seed,
  databaseUrl,
  dataDir: values.pglite,
  log: (line) => console.log(`  ${line}`),
});
const where = databaseUrl ? new URL(databaseUrl).pathname.slice(1) : `PGlite ${values.pglite}`;
console.log(
  result.reused
    ? `${where}: scale ${scale}, seed ${seed} already complete (generated in ${result.seconds} s), reused`
    : `${where}: scale ${scale}, seed ${seed} generated in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
);
console.log('| table | rows |\n|---|---:|');
for (const [t, n] of Object.entries(result.counts)) console.log(`| ${t} | ${n.toLocaleString('en')} |`);
console.log(`log in (password ${BENCH_PASSWORD}): ${JSON.stringify(result.handles)}`);
