import { PageLoader } from '@/components/layout/page-loader';

/**
 * The frame the server drew into index.html (navbar and new-app banner, `build/first-frame.ts`),
 * taken when the app's modules load, before React replaces what is in #root.
 */
const frame = typeof document === 'undefined' ? null : document.getElementById('first-frame');
const drawn = frame?.innerHTML ?? '';
/** the cookie notice of the frame, drawn for a guest who has not confirmed it */
const drawnConsent = frame?.querySelector('.first-frame-consent')?.innerHTML ?? '';

/**
 * While the first page's chunks and data load: the server's frame as it was (the same boxes in
 * the same places, so nothing moves when the page's own navbar and banner take over), else the
 * loader (no frame drawn: the pages with their own header, the dev server).
 */
export function FirstFrame() {
  if (!drawn) return <PageLoader />;
  // the server's own markup for this page, read back from the document it sent
  // biome-ignore lint/security/noDangerouslySetInnerHtml: markup of our server, not of a user
  return <div id="first-frame" aria-hidden="true" dangerouslySetInnerHTML={{ __html: drawn }} />;
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
