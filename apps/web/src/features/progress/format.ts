/** `mm:ss` (or `h:mm:ss` from an hour on) of a position in seconds */
export function formatClock(seconds: number): string {
  const total = Math.max(0, Math.floor(seconds));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const pad = (n: number) => String(n).padStart(2, '0');
  return h > 0 ? `${h}:${pad(m)}:${pad(s)}` : `${pad(m)}:${pad(s)}`;
}

/** a share 0..1 as a whole percent */
export const percentOf = (share: number) => Math.round(share * 100);
