// the latin subset (German and English) of the weights in use; `font-display: swap`, and the
// regular, semibold and bold weights are preloaded by index.html (build/preload-font.ts)
import '@fontsource/source-sans-pro/latin-400.css';
import '@fontsource/source-sans-pro/latin-400-italic.css';
import '@fontsource/source-sans-pro/latin-600.css';
import '@fontsource/source-sans-pro/latin-700.css';
import './styles/main.scss';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from '@/app/app';
import { createAppRouter } from '@/app/router';
import { installPreloadErrorHandler } from '@/lib/chunk-reload';
import { applyLocale } from '@/lib/i18n';
import { warmIntlOffThread } from '@/lib/intl-warmup';
import { localeFromPath } from '@/lib/locale';
import { createQueryClient } from '@/lib/query-client';

warmIntlOffThread();

// the page's language catalog loads beside the page's chunks (the router's loaders await it)
void applyLocale(localeFromPath(window.location.pathname)).catch(() => {});

installPreloadErrorHandler();

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing in index.html');
const drawnFrame = document.getElementById('first-frame') !== null;
// The server's first frame stays as it was drawn until the first page is there (`FirstFrame`):
// the app mounts beside it. Replaced by a copy, its text lost its first paint to Chromium's LCP
// (a text removed before its paint is presented never counts), and the page's largest paint came
// with the app instead (session 12).
const container = drawnFrame ? root.appendChild(document.createElement('div')) : root;
// Two tasks, not one: the router is made first and starts the page's loaders (chunks and data);
// the first render follows in a task of its own, so neither blocks the main thread for long.
const start = () => {
  const queryClient = createQueryClient();
  const router = createAppRouter({ queryClient });
  setTimeout(() => {
    createRoot(container).render(
      <StrictMode>
        <App queryClient={queryClient} router={router} />
      </StrictMode>,
    );
  }, 0);
};

// With a first frame from the server (issue 13) the app starts after the browser has painted it:
// scripts that are already there would otherwise run before the first paint, and the page's top
// would appear only with the app. A hidden tab paints no frames, so it starts after 100 ms at most.
if (drawnFrame) {
  let started = false;
  const startOnce = () => {
    if (started) return;
    started = true;
    start();
  };
  requestAnimationFrame(() => setTimeout(startOnce, 0));
  setTimeout(startOnce, 100);
} else {
  // the modules' evaluation and the router's start are two tasks, not one long one
  setTimeout(start, 0);
}
