import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import postcss from 'postcss';
import { describe, expect, it } from 'vitest';
import { pruneCssVars, removeCustomProperties, unreadCustomProperties } from '../../build/prune-css-vars';

const prune = async (css: string, from: string, sources: string) =>
  (await postcss([pruneCssVars(sources)]).process(css, { from })).css;

describe('the custom properties nothing reads leave the stylesheet (issue 13)', () => {
  it('keeps what a property reads, directly, through other custom properties and in fallbacks', () => {
    const root = postcss.parse(`
      :root { --a: 1px; --b: var(--a); --c: red; --d: var(--e, var(--f)); --e: 0; --f: 1; --g: var(--h); --h: 2 }
      .x { margin: var(--b); color: var(--d) }
      .y { --only-here: 3 }
    `);
    expect([...unreadCustomProperties(root, new Set())].sort()).toEqual(['--c', '--g', '--h', '--only-here']);
    // a name another file mentions is read, with what it names
    expect([...unreadCustomProperties(root, new Set(['--g']))].sort()).toEqual(['--c', '--only-here']);
  });

  it('removes their declarations and the rules and media blocks left empty, nothing else', () => {
    const root = postcss.parse(
      ':root{--a:1;--b:2}.x{width:var(--a)}.y{--b:3}@media (min-width:769px){.z{--b:4}.w{--a:5;color:red}}@font-face{font-family:"A;B"}',
    );
    removeCustomProperties(root, new Set(['--b']));
    expect(root.toString()).toBe(
      ':root{--a:1}.x{width:var(--a)}@media (min-width:769px){.w{--a:5;color:red}}@font-face{font-family:"A;B"}',
    );
  });

  it("as a PostCSS plugin: a name another source file mentions stays, the file's own mentions do not count", async () => {
    const sources = mkdtempSync(path.join(os.tmpdir(), 'prune-css-'));
    writeFileSync(path.join(sources, 'widget.tsx'), "export const style = { '--from-elsewhere': '4px' };");
    writeFileSync(path.join(sources, 'own.css'), ':root{--own:1}');
    writeFileSync(path.join(sources, 'widget.test.tsx'), "const ignored = '--in-a-test';");
    const css = ':root{--own:1;--from-elsewhere:2;--in-a-test:3;--x:4}.a{color:var(--x)}';
    expect(await prune(css, path.join(sources, 'own.css'), sources)).toBe(
      ':root{--from-elsewhere:2;--x:4}.a{color:var(--x)}',
    );
  });
});
