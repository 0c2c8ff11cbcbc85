/**
 * The Range header of RFC 9110 §14.2 for a representation of `total` bytes:
 * - `ignore`: no header, a unit other than `bytes` (which a server MUST ignore), a malformed
 *   range set, or one we choose not to serve in parts (overlapping or more than
 *   {@link MAX_RANGES} ranges, which §14.2 allows ignoring): answer 200 with the whole file;
 * - `unsatisfiable`: valid, but no range overlaps the file: 416 with `Content-Range: bytes *\/total`;
 * - `ranges`: the satisfiable ranges in the order requested (last-pos clipped to the end): one
 *   gives a single 206, several a 206 `multipart/byteranges`.
 */
export type RangeResult =
  | { kind: 'ignore' }
  | { kind: 'unsatisfiable' }
  | { kind: 'ranges'; ranges: { start: number; end: number }[] };

export const MAX_RANGES = 16;
const IGNORE: RangeResult = { kind: 'ignore' };

export function parseRange(header: string | undefined, total: number): RangeResult {
  if (header === undefined) return IGNORE;
  const eq = header.indexOf('=');
  if (eq < 0 || header.slice(0, eq).trim().toLowerCase() !== 'bytes') return IGNORE;
  const specs = header
    .slice(eq + 1)
    .split(',')
    .map((s) => s.trim())
    // the list rule (RFC 9110 §5.6.1) allows empty elements
    .filter((s) => s !== '');
  if (specs.length === 0 || specs.length > MAX_RANGES) return IGNORE;
  const ranges: { start: number; end: number }[] = [];
  for (const spec of specs) {
    const m = /^(\d*)-(\d*)$/.exec(spec);
    if (!m || (m[1] === '' && m[2] === '')) return IGNORE;
    if (m[1] === '') {
      // suffix range: the last N bytes; satisfiable when N > 0 and the file is not empty
      const length = Number(m[2]);
      if (length > 0 && total > 0) ranges.push({ start: Math.max(0, total - length), end: total - 1 });
      continue;
    }
    const start = Number(m[1]);
    const last = m[2] === '' ? Number.POSITIVE_INFINITY : Number(m[2]);
    if (last < start) return IGNORE;
    if (start < total) ranges.push({ start, end: Math.min(last, total - 1) });
  }
  if (ranges.length === 0) return { kind: 'unsatisfiable' };
  const sorted = [...ranges].sort((a, b) => a.start - b.start);
  for (let i = 1; i < sorted.length; i++) {
    if (sorted[i]!.start <= sorted[i - 1]!.end) return IGNORE;
  }
  return { kind: 'ranges', ranges };
}
