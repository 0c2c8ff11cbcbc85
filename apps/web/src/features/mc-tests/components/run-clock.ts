/**
 * The countdown of a timed run (issue 37): the server fixes the deadline and sends its own clock
 * (`now`) with it; the player measures the difference to the browser's clock once and counts on
 * the server's time, so a browser clock that is off by minutes shows the true remaining time.
 */
import { useEffect, useState } from 'react';

/** server time minus browser time, in ms, measured when the server's answer arrived */
export const serverOffset = (serverNow: string, browserNow: number): number =>
  Date.parse(serverNow) - browserNow;

/** ms left until the deadline on the server's clock (never below 0) */
export const remainingMs = (deadline: string, offset: number, browserNow: number): number =>
  Math.max(0, Date.parse(deadline) - (browserNow + offset));

/** 65_000 → "1:05", 3_725_000 → "1:02:05" (whole seconds, rounded up: 0:00 only at the end) */
export function formatRemaining(ms: number): string {
  const total = Math.ceil(ms / 1000);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const ss = String(s).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${ss}` : `${m}:${ss}`;
}

/**
 * The ms left of a run with a deadline, ticking every second; null without a deadline.
 * `serverNow` is the server's clock of the answer that carried the deadline.
 */
export function useCountdown(
  deadline: string | null,
  serverNow: string,
  clock: () => number = Date.now,
): number | null {
  const [offset] = useState(() => serverOffset(serverNow, clock()));
  const [left, setLeft] = useState(() => (deadline ? remainingMs(deadline, offset, clock()) : null));
  useEffect(() => {
    if (!deadline) return;
    const tick = () => setLeft(remainingMs(deadline, offset, clock()));
    tick();
    const timer = setInterval(tick, 1000);
    return () => clearInterval(timer);
  }, [deadline, offset, clock]);
  return left;
}
