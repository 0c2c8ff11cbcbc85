/**
 * The state machine behind the top progress bar (spec section 9): shown only when work lasts
 * longer than the throttle (200 ms), creeps to the end over `duration` (5000 ms), jumps by
 * `step` when a part of the work finishes, fills and hides 500 ms after everything finished,
 * and turns red (failed) when a request failed meanwhile.
 */
export interface LoadingState {
  visible: boolean;
  percent: number;
  failed: boolean;
}

export interface LoadingIndicatorOptions {
  throttle?: number;
  duration?: number;
  hideDelay?: number;
  tick?: number;
}

export const PROGRESS_THROTTLE_MS = 200;
export const PROGRESS_DURATION_MS = 5000;
export const PROGRESS_HIDE_DELAY_MS = 500;
/** Step when a page has both route data loading and fetches; 45 when it has only one of them. */
export const progressStep = (hasNavigation: boolean, hasFetch: boolean) =>
  hasNavigation && hasFetch ? 30 : 45;

const MAX_RUNNING_PERCENT = 95;

export class LoadingIndicator {
  private state: LoadingState = { visible: false, percent: 0, failed: false };
  private readonly listeners = new Set<() => void>();
  private throttleTimer: ReturnType<typeof setTimeout> | null = null;
  private hideTimer: ReturnType<typeof setTimeout> | null = null;
  private interval: ReturnType<typeof setInterval> | null = null;
  private running = false;
  private readonly throttle: number;
  private readonly duration: number;
  private readonly hideDelay: number;
  private readonly tick: number;

  constructor(options: LoadingIndicatorOptions = {}) {
    this.throttle = options.throttle ?? PROGRESS_THROTTLE_MS;
    this.duration = options.duration ?? PROGRESS_DURATION_MS;
    this.hideDelay = options.hideDelay ?? PROGRESS_HIDE_DELAY_MS;
    this.tick = options.tick ?? 100;
  }

  getState = (): LoadingState => this.state;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  private set(next: Partial<LoadingState>) {
    this.state = { ...this.state, ...next };
    for (const listener of this.listeners) listener();
  }

  get isRunning(): boolean {
    return this.running;
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.clearHide();
    if (this.state.visible) {
      this.set({ percent: 0, failed: false });
      this.startInterval();
      return;
    }
    // reset while hidden, so the bar never visibly runs backwards
    this.set({ percent: 0, failed: false });
    this.throttleTimer = setTimeout(() => {
      this.throttleTimer = null;
      this.set({ visible: true, percent: 0 });
      this.startInterval();
    }, this.throttle);
  }

  increase(step: number): void {
    if (!this.running) return;
    this.set({ percent: Math.min(MAX_RUNNING_PERCENT, this.state.percent + step) });
  }

  fail(): void {
    this.set({ failed: true });
    if (!this.running && !this.state.visible) {
      // a failure outside any visible run still flashes the bar red
      this.set({ visible: true, percent: 100 });
      this.scheduleHide();
    }
  }

  finish(): void {
    if (!this.running) return;
    this.running = false;
    if (this.throttleTimer) {
      clearTimeout(this.throttleTimer);
      this.throttleTimer = null;
    }
    this.stopInterval();
    if (!this.state.visible) {
      if (this.state.failed) this.fail();
      return;
    }
    this.set({ percent: 100 });
    this.scheduleHide();
  }

  dispose(): void {
    if (this.throttleTimer) clearTimeout(this.throttleTimer);
    this.stopInterval();
    this.clearHide();
    this.listeners.clear();
  }

  private startInterval() {
    this.stopInterval();
    const perTick = (100 * this.tick) / this.duration;
    this.interval = setInterval(() => this.increase(perTick), this.tick);
  }

  private stopInterval() {
    if (this.interval) clearInterval(this.interval);
    this.interval = null;
  }

  private clearHide() {
    if (this.hideTimer) clearTimeout(this.hideTimer);
    this.hideTimer = null;
  }

  private scheduleHide() {
    this.clearHide();
    this.hideTimer = setTimeout(() => {
      this.hideTimer = null;
      // fades out at full width; `start` resets the width while it is invisible
      this.set({ visible: false });
    }, this.hideDelay);
  }
}
