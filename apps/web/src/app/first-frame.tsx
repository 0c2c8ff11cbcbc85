import { useLayoutEffect } from 'react';
import { PageLoader } from '@/components/layout/page-loader';

/**
 * The frame the server drew into index.html (navbar and new-app banner, `build/first-frame.ts`).
 * The app mounts beside it (`main.tsx`) and leaves it as drawn until its first page is there.
 */
const frame = typeof document === 'undefined' ? null : document.getElementById('first-frame');
/** the cookie notice of the frame, drawn for a guest who has not confirmed it */
const drawnConsent = frame?.querySelector('.first-frame-consent')?.innerHTML ?? '';

/** Takes the server's frame away; the page (or the app's notice) is in its place from now on. */
export function removeDrawnFrame(): void {
  frame?.remove();
}

/**
 * While the first page's chunks and data load: nothing of its own while the server's frame is
 * on screen (the same boxes in the same places, so nothing moves when the page's own navbar and
 * banner take over), else the loader (no frame drawn: the pages with their own header, the dev
 * server). The frame goes in the commit that replaces this fallback with the page, before that
 * paints, so there is no frame without page or page under a frame.
 */
export function FirstFrame() {
  useLayoutEffect(() => removeDrawnFrame, []);
  return frame?.isConnected ? null : <PageLoader />;
}

/**
 * The frame's cookie notice, in the same place, until the app's own notice (its own chunk) is
 * there: the notice stays on screen from the first paint on, without a gap (`ConsentNotice`).
 */
export function DrawnConsent() {
  if (!drawnConsent) return null;
  return (
    <div
      className="first-frame-consent"
      aria-hidden="true"
      // biome-ignore lint/security/noDangerouslySetInnerHtml: markup of our server, not of a user
      dangerouslySetInnerHTML={{ __html: drawnConsent }}
    />
  );
}
