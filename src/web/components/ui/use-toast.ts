import { useSyncExternalStore } from 'react';
import type { ToastVariant } from './toast';

// Part 1 §9 (docs/product.md#part-1-9): at most one toast at a time; a dismissed toast leaves the store after 1,000,000 ms
// (effectively never during a visit, so its close animation is never cut short).
const TOAST_LIMIT = 1;
const TOAST_REMOVE_DELAY = 1_000_000;

export interface ToastMessage {
  id: string;
  title?: string;
  description?: string;
  variant?: ToastVariant;
  open: boolean;
}

let toasts: ToastMessage[] = [];
let counter = 0;
const listeners = new Set<() => void>();
const removalTimers = new Map<string, ReturnType<typeof setTimeout>>();

function update(next: ToastMessage[]): void {
  toasts = next;
  listeners.forEach((listener) => listener());
}

export function dismissToast(id: string): void {
  update(toasts.map((t) => (t.id === id ? { ...t, open: false } : t)));
  if (!removalTimers.has(id)) {
    removalTimers.set(
      id,
      setTimeout(() => {
        removalTimers.delete(id);
        update(toasts.filter((t) => t.id !== id));
      }, TOAST_REMOVE_DELAY),
    );
  }
}

/** Shows a toast, replacing the one on screen. */
export function toast(message: { title?: string; description?: string; variant?: ToastVariant }): { id: string; dismiss(): void } {
  const id = String(++counter);
  update([{ ...message, id, open: true }, ...toasts].slice(0, TOAST_LIMIT));
  return { id, dismiss: () => dismissToast(id) };
}

export function useToasts(): ToastMessage[] {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => toasts,
  );
}
