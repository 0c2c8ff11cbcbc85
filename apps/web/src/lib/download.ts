/**
 * The file download helper of spec section 7: GET the URL as a blob and save it with a
 * Content-Type chosen by the file's extension (pdf, doc/docx, xls/xlsx, ppt/pptx, zip, else a
 * generic binary type). Failures are only logged.
 */
import { DOC_TYPES } from '@elearn/shared/domain/doc-types';
import { apiUrl } from './api-client';
import { currentLocale } from './i18n';

export const GENERIC_BINARY = 'application/octet-stream';

/** The extension of a file name or URL path, lower-cased (`''` when there is none). */
export function extensionOf(name: string): string {
  const clean = name.split(/[?#]/)[0] ?? '';
  const base = clean.slice(clean.lastIndexOf('/') + 1);
  const dot = base.lastIndexOf('.');
  return dot > 0 ? base.slice(dot + 1).toLowerCase() : '';
}

/** The Content-Type for a file name by its extension. */
export function mimeTypeFor(name: string): string {
  const ext = extensionOf(name);
  return Object.hasOwn(DOC_TYPES, ext) ? DOC_TYPES[ext]! : GENERIC_BINARY;
}

/** Saves a blob under `filename` through a temporary object URL. */
export function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.rel = 'noopener';
  link.hidden = true;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/**
 * Downloads `url` (an API path such as `/api/chapters/doc/3/download`) and saves it as
 * `filename`. Resolves true when saved; false when it failed (the failure is logged).
 */
export async function downloadFile(url: string, filename: string): Promise<boolean> {
  try {
    const target = url.startsWith('/') ? apiUrl(url) : url;
    const res = await fetch(target, {
      method: 'GET',
      credentials: 'include',
      headers: { 'Accept-Language': currentLocale() },
    });
    if (!res.ok) throw new Error(`Download failed: HTTP ${res.status}`);
    const data = await res.blob();
    saveBlob(new Blob([data], { type: mimeTypeFor(filename) }), filename);
    return true;
  } catch (error) {
    console.error('Download failed', url, error);
    return false;
  }
}
