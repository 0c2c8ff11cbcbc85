import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LoadingIndicator, progressStep } from './loading-indicator';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('loading indicator (spec section 9)', () => {
  it('step is 30 with both route data loading and fetch, else 45', () => {
    expect(progressStep(true, true)).toBe(30);
    expect(progressStep(true, false)).toBe(45);
    expect(progressStep(false, true)).toBe(45);
  });

  it('stays hidden when the work ends within the 200 ms throttle', () => {
    const bar = new LoadingIndicator();
    bar.start();
    vi.advanceTimersByTime(150);
    bar.finish();
    vi.advanceTimersByTime(1000);
    expect(bar.getState().visible).toBe(false);
  });

  it('shows after 200 ms, creeps over 5000 ms, fills and hides 500 ms after finishing', () => {
    const bar = new LoadingIndicator();
    bar.start();
    vi.advanceTimersByTime(199);
    expect(bar.getState().visible).toBe(false);
    vi.advanceTimersByTime(1);
    expect(bar.getState().visible).toBe(true);
    vi.advanceTimersByTime(1000);
    expect(bar.getState().percent).toBeCloseTo(20, 0);
    bar.increase(45);
    expect(bar.getState().percent).toBeCloseTo(65, 0);
    bar.finish();
    expect(bar.getState().percent).toBe(100);
    vi.advanceTimersByTime(499);
    expect(bar.getState().visible).toBe(true);
    vi.advanceTimersByTime(1);
    expect(bar.getState().visible).toBe(false);
  });

  it('turns red when a request fails', () => {
    const bar = new LoadingIndicator();
    bar.start();
    vi.advanceTimersByTime(300);
    bar.fail();
    expect(bar.getState().failed).toBe(true);
    bar.finish();
    vi.advanceTimersByTime(500);
    expect(bar.getState().visible).toBe(false);
    bar.start();
    expect(bar.getState()).toEqual({ visible: false, percent: 0, failed: false });
  });
});
