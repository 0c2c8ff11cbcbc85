// npm run build (server part): bundles apps/server (and packages/shared, which ships TypeScript)
// into apps/server/dist/{main,cli}.js with esbuild; every npm package stays an import of
// node_modules. Types are checked by `npm run typecheck` (tsc), not here.
import { rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// SERVER_OUTDIR: another folder directly under apps/server (the compiled-server test builds its own)
const out = path.join(root, 'apps/server', process.env.SERVER_OUTDIR ?? 'dist');
if (path.dirname(out) !== path.join(root, 'apps/server'))
  throw new Error('SERVER_OUTDIR must be a folder name');
rmSync(out, { recursive: true, force: true });

/** bare imports stay external, except the workspace's own shared package (TypeScript sources) */
const externalPackages = {
  name: 'external-packages',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@elearn/') ? undefined : { path: args.path, external: true },
    );
  },
};

const started = Date.now();
await build({
  // no code splitting: each entry is one module directly in dist/, where src/paths.ts expects it
  entryPoints: {
    main: path.join(root, 'apps/server/src/main.ts'),
    cli: path.join(root, 'apps/server/src/cli.ts'),
  },
  outdir: out,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  legalComments: 'none',
  logLevel: 'warning',
  plugins: [externalPackages],
});
console.log(`server built into ${path.relative(root, out)} in ${Date.now() - started} ms`);
