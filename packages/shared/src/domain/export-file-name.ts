/**
 * The file name of an `.xlsx` export, the same on the server (its `Content-Disposition`) and in
 * the browser (the saved file): `<label>_<YYYYMMDD-HHmmss>.xlsx` (UTC), every character but
 * letters, digits, space and `._-` replaced by `_`; `fallback` when nothing of the label is left.
 */
export function exportFileName(label: string, at: Date, fallback = 'test'): string {
  const base =
    label
      .normalize('NFC')
      .replace(/[^\p{L}\p{N} ._-]+/gu, '_')
      .replace(/\s+/g, ' ')
      .replace(/_+/g, '_')
      .replace(/^[\s._-]+|[\s._-]+$/g, '')
      .slice(0, 80)
      .trim() || fallback;
  const stamp = at
    .toISOString()
    .replace(/\.\d+Z$/, '')
    .replace(/-|:/g, '')
    .replace('T', '-');
  return `${base}_${stamp}.xlsx`;
}
