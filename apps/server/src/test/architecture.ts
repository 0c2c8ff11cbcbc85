/**
 * The architecture's counts (issue 33), read from the source: functions over 120 lines and files
 * over 300 in apps/server/src, import cycles and upward imports on the server, permission rules
 * (scope comparisons) outside `policies/` and the session plugin, web features importing each
 * other, and imports against the web app's layers. `npm run arch` prints them;
 * `src/architecture.test.ts` holds them at or below a ceiling that only ever goes down.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const SERVER = path.join(ROOT, 'apps/server/src');
const WEB = path.join(ROOT, 'apps/web/src');

export const MAX_FUNCTION_LINES = 120;
export const MAX_FILE_LINES = 300;

const rel = (file: string) => path.relative(ROOT, file).split(path.sep).join('/');

function sourceFiles(dir: string, exts: string[]): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sourceFiles(full, exts);
    return exts.some((e) => name.endsWith(e)) ? [full] : [];
  });
}

/** production code of the server: no tests, test support, fault tests or generated schema files */
export function serverFiles(): string[] {
  return sourceFiles(SERVER, ['.ts']).filter((f) => {
    const r = rel(f);
    return (
      !r.endsWith('.test.ts') &&
      !r.endsWith('.d.ts') &&
      !r.includes('/src/test/') &&
      !r.includes('/src/faults/') &&
      !r.includes('/src/db/schema/')
    );
  });
}

export interface Finding {
  file: string;
  line: number;
  what: string;
}

const lineOf = (sf: ts.SourceFile, pos: number) => sf.getLineAndCharacterOfPosition(pos).line + 1;

function functionName(node: ts.Node): string {
  if ((ts.isFunctionDeclaration(node) || ts.isMethodDeclaration(node)) && node.name) {
    return node.name.getText();
  }
  const parent = node.parent;
  if (parent && ts.isVariableDeclaration(parent)) return parent.name.getText();
  if (parent && ts.isPropertyAssignment(parent)) return parent.name.getText();
  if (parent && ts.isCallExpression(parent))
    return `(callback of ${parent.expression.getText().slice(0, 40)})`;
  return '(anonymous)';
}

/** every function, method and arrow function longer than MAX_FUNCTION_LINES, outermost first */
export function longFunctions(files = serverFiles()): Finding[] {
  const found: Finding[] = [];
  for (const file of files) {
    const sf = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
    const visit = (node: ts.Node) => {
      if (
        ts.isFunctionDeclaration(node) ||
        ts.isFunctionExpression(node) ||
        ts.isArrowFunction(node) ||
        ts.isMethodDeclaration(node)
      ) {
        const lines = lineOf(sf, node.getEnd()) - lineOf(sf, node.getStart(sf)) + 1;
        if (lines > MAX_FUNCTION_LINES) {
          found.push({
            file: rel(file),
            line: lineOf(sf, node.getStart(sf)),
            what: `${functionName(node)}: ${lines} lines`,
          });
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(sf);
  }
  return found;
}

export function longFiles(files = serverFiles()): Finding[] {
  return files.flatMap((file) => {
    const text = readFileSync(file, 'utf8');
    const lines = text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
    return lines > MAX_FILE_LINES ? [{ file: rel(file), line: 1, what: `${lines} lines` }] : [];
  });
}

/**
 * the files a file imports, type-only imports included: relative specifiers, and the web app's
 * `@/` alias for its `src/`
 */
function importsOf(file: string): string[] {
  const source = readFileSync(file, 'utf8');
  const specs: string[] = [];
  for (const m of source.matchAll(
    /\b(?:import|export)\s[^'";]*?\sfrom\s*['"]([^'"]+)['"]|\bimport\s*\(?\s*['"]([^'"]+)['"]/g,
  )) {
    const spec = m[1] ?? m[2];
    if (spec?.startsWith('.')) specs.push(path.resolve(path.dirname(file), spec));
    else if (spec?.startsWith('@/')) specs.push(path.join(WEB, spec.slice(2)));
  }
  return specs.flatMap((spec) => {
    const base = spec.replace(/\.(js|ts|tsx)$/, '');
    for (const candidate of [`${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')]) {
      try {
        if (statSync(candidate).isFile()) return [candidate];
      } catch {}
    }
    return [];
  });
}

/** strongly connected groups of more than one file in the server's import graph (Tarjan) */
export function importCycles(files = serverFiles()): string[][] {
  const inSet = new Set(files);
  const graph = new Map(files.map((f) => [f, importsOf(f).filter((t) => inSet.has(t))]));
  let index = 0;
  const idx = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const strong = (v: string) => {
    idx.set(v, index);
    low.set(v, index);
    index++;
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!idx.has(w)) {
        strong(w);
        low.set(v, Math.min(low.get(v) ?? 0, low.get(w) ?? 0));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v) ?? 0, idx.get(w) ?? 0));
    }
    if (low.get(v) === idx.get(v)) {
      const group: string[] = [];
      let w: string | undefined;
      do {
        w = stack.pop();
        if (w === undefined) break;
        onStack.delete(w);
        group.push(rel(w));
      } while (w !== v);
      if (group.length > 1) cycles.push(group.sort());
    }
  };
  for (const f of files) if (!idx.has(f)) strong(f);
  return cycles;
}

const LOWER_LAYERS = ['db/', 'lib/', 'plugins/', 'policies/'];

/** infrastructure (db, lib, plugins, policies) importing a module: an import against the layers */
export function upwardImports(files = serverFiles()): Finding[] {
  const under = (f: string) => path.relative(SERVER, f).split(path.sep).join('/');
  return files.flatMap((file) => {
    const from = under(file);
    if (!LOWER_LAYERS.some((l) => from.startsWith(l))) return [];
    return importsOf(file)
      .filter((t) => under(t).startsWith('modules/'))
      .map((t) => ({ file: rel(file), line: 1, what: `imports ${under(t)}` }));
  });
}

/** a role or scope decided outside policies/ and the session plugin */
const SCOPE_RULE = /\.scopes\.(?:includes|some|every)\(|\bscopes\.includes\(\s*['"]|isAdmin\(/;

export function rulesOutsidePolicies(files = serverFiles()): Finding[] {
  return files.flatMap((file) => {
    const r = rel(file);
    if (r.includes('/src/policies/') || r.endsWith('/plugins/session.ts')) return [];
    return readFileSync(file, 'utf8')
      .split('\n')
      .flatMap((text, i) => (SCOPE_RULE.test(text) ? [{ file: r, line: i + 1, what: text.trim() }] : []));
  });
}

/** a web feature importing another feature (features share through components/, hooks/, lib/) */
export function crossFeatureImports(): Finding[] {
  const FEATURES = path.join(WEB, 'features');
  const featureOf = (f: string) => {
    const r = path.relative(FEATURES, f);
    return r.startsWith('..') ? null : r.split(path.sep)[0];
  };
  return sourceFiles(FEATURES, ['.ts', '.tsx'])
    .filter((f) => !/\.test\.tsx?$/.test(f))
    .flatMap((file) =>
      importsOf(file)
        .filter((t) => {
          const to = featureOf(t);
          return to !== null && to !== featureOf(file);
        })
        .map((t) => ({ file: rel(file), line: 1, what: `imports ${rel(t)}` })),
    );
}

/** the web app's lower layers: shared pieces that any feature may use */
const WEB_SHARED_LAYERS = ['components/', 'hooks/', 'lib/', 'i18n/', 'config/'];

/**
 * an import against the web app's layers (app/ → features/ → components/, hooks/, lib/, i18n/,
 * config/): a shared piece importing a feature or the app shell, or a feature importing the app
 * shell. Tests count too (a shared piece's test needs no feature). The language catalogs collect
 * the features' `i18n/*.json` with `import.meta.glob`, which is not an import of a feature's code.
 */
export function webLayerImports(root = WEB): Finding[] {
  const under = (f: string) => path.relative(root, f).split(path.sep).join('/');
  return sourceFiles(root, ['.ts', '.tsx']).flatMap((file) => {
    const from = under(file);
    const forbidden = WEB_SHARED_LAYERS.some((l) => from.startsWith(l))
      ? ['features/', 'app/']
      : from.startsWith('features/')
        ? ['app/']
        : [];
    return importsOf(file)
      .filter((t) => forbidden.some((layer) => under(t).startsWith(layer)))
      .map((t) => ({ file: rel(file), line: 1, what: `imports ${rel(t)}` }));
  });
}

export function measure() {
  const files = serverFiles();
  return {
    longFunctions: longFunctions(files),
    longFiles: longFiles(files),
    cycles: importCycles(files),
    upwardImports: upwardImports(files),
    rulesOutsidePolicies: rulesOutsidePolicies(files),
    crossFeatureImports: crossFeatureImports(),
    webLayerImports: webLayerImports(),
  };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const m = measure();
  for (const [name, list] of Object.entries(m)) {
    console.log(`\n${name}: ${list.length}`);
    for (const item of list) {
      console.log(
        Array.isArray(item) ? `  ${item.join(' <-> ')}` : `  ${item.file}:${item.line} ${item.what}`,
      );
    }
  }
}
