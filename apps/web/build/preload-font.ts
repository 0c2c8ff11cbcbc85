/**
 * Vite plugin: index.html preloads the regular weight of the body font (its hashed file name is
 * known only after the build), so the first text renders in it without a late swap.
 */
import type { Plugin } from 'vite';

export function preloadFont(pattern: RegExp): Plugin {
  return {
    name: 'elearn:preload-font',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const file = Object.keys(ctx.bundle ?? {}).find((name) => pattern.test(name));
        if (!file) throw new Error(`no font file matches ${pattern} for the preload`);
        return [
          {
            tag: 'link',
            attrs: { rel: 'preload', as: 'font', type: 'font/woff2', href: `/${file}`, crossorigin: '' },
            injectTo: 'head',
          },
        ];
      },
    },
  };
}
