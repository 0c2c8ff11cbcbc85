/**
 * PostCSS plugin for the build: drops the custom properties that nothing reads (issue 13). Bulma 1
 * declares every shade of every colour and every component's variables, whether the app uses them
 * or not: about 800 declarations, a fifth of the main stylesheet, that the browser parses before
 * the first paint and cascades into every element they are set on.
 *
 * In a stylesheet, a custom property is read when a property that is not a custom one names it in
 * `var()`, or a custom property that is read names it (to a fixed point), or when another source
 * file of the app mentions its name (a stylesheet of its own, an inline style, `setProperty`).
 * Every other declaration of it goes, and the rules and media blocks that leaves empty. It runs
 * before Vite names the file by its content, so the hashed name follows what is served.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Container, Declaration, Plugin, Root } from 'postcss';

const VAR_REFERENCE = /var\(\s*(--[\w-]+)/g;
const MENTION = /--[A-Za-z_][\w-]*/g;
const referencesIn = (value: string) => [...value.matchAll(VAR_REFERENCE)].map((m) => m[1] as string);

/** The custom properties of `root` that nothing reads; `mentioned` are named elsewhere. */
export function unreadCustomProperties(root: Root, mentioned: ReadonlySet<string>): Set<string> {
  const byName = new Map<string, Declaration[]>();
  const pending: string[] = [];
  root.walkDecls((declaration) => {
    if (declaration.prop.startsWith('--')) {
      const same = byName.get(declaration.prop);
      if (same) same.push(declaration);
      else byName.set(declaration.prop, [declaration]);
    } else {
      pending.push(...referencesIn(declaration.value));
    }
  });
  for (const name of byName.keys()) if (mentioned.has(name)) pending.push(name);
  const read = new Set<string>();
  for (let name = pending.pop(); name !== undefined; name = pending.pop()) {
    if (read.has(name)) continue;
    read.add(name);
    for (const declaration of byName.get(name) ?? []) pending.push(...referencesIn(declaration.value));
  }
  return new Set([...byName.keys()].filter((name) => !read.has(name)));
}

const isEmpty = (node: Container) => (node.nodes ?? []).length === 0;

/** Removes the declarations of `unread`, then the rules and the media/supports blocks left empty. */
export function removeCustomProperties(root: Root, unread: ReadonlySet<string>): void {
  root.walkDecls((declaration) => {
    if (unread.has(declaration.prop)) declaration.remove();
  });
  root.walkRules((rule) => {
    if (isEmpty(rule)) rule.remove();
  });
  root.walkAtRules(/^(?:media|supports|container)$/i, (atRule) => {
    if (isEmpty(atRule)) atRule.remove();
  });
}

/** The custom property names each source file of the app mentions (tests left out). */
export function mentionsBySource(dir: string): Map<string, Set<string>> {
  const found = new Map<string, Set<string>>();
  const walk = (folder: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const full = path.join(folder, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (/\.(?:tsx?|s?css|html)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) {
        found.set(full, new Set(readFileSync(full, 'utf8').match(MENTION) ?? []));
      }
    }
  };
  walk(dir);
  return found;
}

/** The plugin: `sources` is the app's source folder, read once per build. */
export function pruneCssVars(sources: string): Plugin {
  let mentions: Map<string, Set<string>> | null = null;
  return {
    postcssPlugin: 'elearn-prune-css-vars',
    OnceExit(root, { result }) {
      mentions ??= mentionsBySource(sources);
      // what the other files mention: a file's own mentions are what this plugin judges
      const own = result.opts.from ? path.resolve(result.opts.from.split('?')[0] ?? '') : '';
      const elsewhere = new Set<string>();
      for (const [file, names] of mentions) if (file !== own) for (const name of names) elsewhere.add(name);
      removeCustomProperties(root, unreadCustomProperties(root, elsewhere));
    },
  };
}
