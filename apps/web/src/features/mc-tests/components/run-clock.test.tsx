import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatRemaining, remainingMs, serverOffset, useCountdown } from './run-clock';

describe('the countdown of a timed run counts on the server clock', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('measures the offset to the server and ignores a browser clock that is wrong', () => {
    // the browser is 7 minutes behind the server
    const browser = Date.parse('2026-03-02T09:53:00Z');
    const offset = serverOffset('2026-03-02T10:00:00.000Z', browser);
    expect(offset).toBe(7 * 60_000);
    expect(remainingMs('2026-03-02T10:10:00.000Z', offset, browser)).toBe(10 * 60_000);
    // after the deadline: 0, never negative
    expect(remainingMs('2026-03-02T10:10:00.000Z', offset, browser + 11 * 60_000)).toBe(0);
  });

  it('formats minutes and seconds, hours when needed, and shows 0:00 only at the end', () => {
    expect(formatRemaining(65_000)).toBe('1:05');
    expect(formatRemaining(3_725_000)).toBe('1:02:05');
    expect(formatRemaining(500)).toBe('0:01');
    expect(formatRemaining(0)).toBe('0:00');
  });

  it('ticks down each second from the server time and reaches 0 at the deadline', () => {
    // the browser is 5 minutes ahead: counting on its clock would show 5 minutes less
    let browser = Date.parse('2026-03-02T10:05:00Z');
    const clock = () => browser;
    const { result } = renderHook(() =>
      useCountdown('2026-03-02T10:01:00.000Z', '2026-03-02T10:00:00.000Z', clock),
    );
    expect(result.current).toBe(60_000);
    act(() => {
      browser += 1000;
      vi.advanceTimersByTime(1000);
    });
    expect(result.current).toBe(59_000);
    act(() => {
      browser += 60_000;
      vi.advanceTimersByTime(60_000);
    });
    expect(result.current).toBe(0);
  });

  it('is null without a deadline', () => {
    const { result } = renderHook(() => useCountdown(null, '2026-03-02T10:00:00.000Z'));
    expect(result.current).toBeNull();
  });
});
