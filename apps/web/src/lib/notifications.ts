/** The app's only global store: toast notifications (STYLE section 6). */
import { useSyncExternalStore } from 'react';

export type NotificationType = 'success' | 'info' | 'warning' | 'danger';

export interface AppNotification {
  id: number;
  type: NotificationType;
  message: string;
}

let items: AppNotification[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const timers = new Map<number, ReturnType<typeof setTimeout>>();

function emit() {
  for (const listener of listeners) listener();
}

export function dismissNotification(id: number): void {
  const timer = timers.get(id);
  if (timer) clearTimeout(timer);
  timers.delete(id);
  items = items.filter((n) => n.id !== id);
  emit();
}

/** Shows a toast; it disappears after `timeout` ms (0 = stays until closed). */
export function notify(type: NotificationType, message: string, timeout = 6000): number {
  const id = nextId++;
  items = [...items, { id, type, message }];
  if (timeout > 0)
    timers.set(
      id,
      setTimeout(() => dismissNotification(id), timeout),
    );
  emit();
  return id;
}

export function clearNotifications(): void {
  for (const timer of timers.values()) clearTimeout(timer);
  timers.clear();
  items = [];
  emit();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useNotifications(): AppNotification[] {
  return useSyncExternalStore(
    subscribe,
    () => items,
    () => items,
  );
}
