import { PageLoader } from '@/components/layout/page-loader';

/**
 * The frame the server drew into index.html (navbar and new-app banner, `build/first-frame.ts`),
 * taken when the app's modules load, before React replaces what is in #root.
 */
const drawn =
  typeof document === 'undefined' ? '' : (document.getElementById('first-frame')?.innerHTML ?? '');

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
