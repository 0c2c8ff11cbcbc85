/**
 * Vite plugin: index.html preloads the font files the first screen uses (their hashed names are
 * known only after the build), so the first text renders in them without a late swap that would
 * reflow it (issue 13: a bold title swapped in after the first paint shifted the home page).
 */
import type { Plugin } from 'vite';

export function preloadFont(...patterns: RegExp[]): Plugin {
  return {
    name: 'elearn:preload-font',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        return patterns.map((pattern) => {
          const file = Object.keys(ctx.bundle ?? {}).find((name) => pattern.test(name));
          if (!file) throw new Error(`no font file matches ${pattern} for the preload`);
          return {
            tag: 'link',
            attrs: { rel: 'preload', as: 'font', type: 'font/woff2', href: `/${file}`, crossorigin: '' },
            injectTo: 'head' as const,
          };
        });
      },
    },
  };
}
