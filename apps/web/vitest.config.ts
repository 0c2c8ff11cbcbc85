import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

export default defineProject({
  plugins: [react()],
  resolve: {
    alias: [
      { find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) },
      // jsdom is a browser: tus-js-client's browser build (XMLHttpRequest, localStorage), as Vite
      // bundles it; Vitest would otherwise pick its Node build
      {
        find: /^tus-js-client$/,
        replacement: fileURLToPath(
          new URL('../../node_modules/tus-js-client/lib.esm/browser/index.js', import.meta.url),
        ),
      },
    ],
  },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/testing/setup.ts'],
    restoreMocks: true,
    unstubGlobals: true,
    // files share the worker's module cache and jsdom (84 s to 25 s for the project); mocks and
    // stubbed globals are restored after each test, the DOM is cleaned by testing/setup.ts
    isolate: false,
  },
});
