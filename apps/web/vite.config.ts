import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './build/precompress.ts';
import { preloadFont } from './build/preload-font.ts';
import { pruneCssVars } from './build/prune-css-vars.ts';

const API_TARGET = process.env.API_PROXY_TARGET ?? 'http://localhost:3000';

/** The API lives on the Fastify server; in dev and preview Vite forwards these prefixes to it. */
const proxy = {
  '/api': { target: API_TARGET, changeOrigin: false },
  '/sanctum': { target: API_TARGET, changeOrigin: false },
};

/** The server's Content-Security-Policy; `vite preview` sends it too, so the build is checked under it. */
const CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "script-src-attr 'none'",
  "style-src 'self'",
  "img-src 'self' data: blob:",
  "media-src 'self' blob:",
  "font-src 'self'",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/**
 * Two builds (`npm run build`): the browser's (dist/) and the server's entry
 * (`--ssr src/entry-server.tsx`, into dist/.ssr/, which the server imports and never serves: a
 * dot folder, as dist/.vite/). See docs/decisions/web.md, "React rendered on the server".
 */
export default defineConfig(({ command, isSsrBuild }) => ({
  plugins: [
    react(),
    preloadFont(
      // body text, and the semibold and bold of titles, buttons and the navbar
      /source-sans-pro-latin-400-normal-[\w-]+\.woff2$/,
      /source-sans-pro-latin-600-normal-[\w-]+\.woff2$/,
      /source-sans-pro-latin-700-normal-[\w-]+\.woff2$/,
    ),
    ...(isSsrBuild ? [] : [precompress()]),
  ],
  resolve: {
    alias: [
      { find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) },
      // zod without its eval probe (CSP), see src/lib/zod-jitless.ts
      { find: /^zod$/, replacement: fileURLToPath(new URL('./src/lib/zod-jitless.ts', import.meta.url)) },
    ],
  },
  // Bulma's own Sass still uses deprecated syntax; don't drown our warnings in its
  css: {
    preprocessorOptions: { scss: { quietDeps: true } },
    // the custom properties nothing reads leave the built stylesheets (build/prune-css-vars.ts)
    postcss: {
      plugins: command === 'build' ? [pruneCssVars(fileURLToPath(new URL('./src', import.meta.url)))] : [],
    },
  },
  server: { port: 5173, proxy },
  preview: { port: 4173, proxy, headers: { 'Content-Security-Policy': CSP } },
  build: {
    outDir: isSsrBuild ? 'dist/.ssr' : 'dist',
    copyPublicDir: !isSsrBuild,
    emptyOutDir: true,
    // never inline assets as data: URIs — the CSP allows fonts only from 'self'
    assetsInlineLimit: 0,
    // read by the size-budget test (apps/server/src/web-budget.test.ts) to find each page's chunks
    manifest: !isSsrBuild,
    // the bundler's report of slow plugin callbacks (PLUGIN_TIMINGS) is about build speed, not
    // about the build; on a busy machine it came with every `npm start`
    rolldownOptions: {
      checks: { bundlerTimings: false },
      // the libraries every page runs (React, the router, the query cache, i18next) in one chunk:
      // split by which page shares them they came in a dozen small files, each compressed on its
      // own (3.6 KB more to load once the app became the entry's import, issue 34)
      output: isSsrBuild
        ? {}
        : {
            codeSplitting: {
              groups: [
                {
                  name: 'vendor',
                  test: /node_modules[\\/](react|react-dom|scheduler|@tanstack|react-router|i18next|react-i18next)[\\/]/,
                },
              ],
            },
          },
    },
  },
}));
