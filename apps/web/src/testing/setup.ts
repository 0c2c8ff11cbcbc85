import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { wholeCatalog } from '@/i18n/whole';
import { deleteCookie } from '@/lib/cookies';
import { loadFieldMessages } from '@/lib/field-messages';
import { applyLocale, i18n } from '@/lib/i18n';
import { clearNotifications } from '@/lib/notifications';

// the app loads one language on demand, its core and the page's parts (lib/i18n.ts); components
// under test find both languages whole and ready
i18n.addResourceBundle('de', 'translation', wholeCatalog.de);
i18n.addResourceBundle('en', 'translation', wholeCatalog.en);

// test files share a worker's module cache and jsdom (vitest `isolate: false`): this file runs
// before each test file, so each starts as a fresh page would, in German at `/`, with empty storage
await applyLocale('de');
// the form messages of both languages too (the app loads its page's on first need)
await Promise.all([loadFieldMessages('de'), loadFieldMessages('en')]);
window.history.replaceState(null, '', '/');
localStorage.clear();

// the first page of a test file waits for its lazily imported route modules to be transformed;
// on a busy machine that alone can take longer than the default second of `findBy…`
configure({ asyncUtilTimeout: 3000 });

afterEach(() => {
  cleanup();
  clearNotifications();
  for (const part of document.cookie.split(';')) {
    const name = part.split('=')[0]?.trim();
    if (name) deleteCookie(name);
  }
  sessionStorage.clear();
});

// jsdom has no layout: scrolling is a no-op here
window.scrollTo = (() => {}) as typeof window.scrollTo;

// jsdom has no object URLs (the avatar preview uses them)
if (!URL.createObjectURL) {
  let n = 0;
  URL.createObjectURL = () => `blob:http://localhost:3000/${++n}`;
  URL.revokeObjectURL = () => {};
}
