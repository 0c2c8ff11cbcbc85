import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import '@/lib/i18n';
import { deleteCookie } from '@/lib/cookies';
import { clearNotifications } from '@/lib/notifications';

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
