// One notice at a time (spec): a new toast replaces the one on screen, unless it is the same news as the one on screen
// (a socket notice of a purchase arriving while this tab still shows its own "Purchase Successful!").
import { create } from 'zustand';

export interface ToastInput {
  title: string;
  description?: string;
  variant?: 'default' | 'destructive';
  action?: { label: string; onClick(): void };
  durationMs?: number;
  /** What the toast is about (the page its action leads to); a second toast about it is dropped while the first shows. */
  topic?: string;
}

interface ToastState {
  current: (ToastInput & { id: number }) | null;
  open: boolean;
  show(t: ToastInput): void;
  dismiss(): void;
}

let nextId = 1;
export const useToasts = create<ToastState>((set) => ({
  current: null,
  open: false,
  show: (t) =>
    set((s) =>
      t.topic !== undefined && s.open && s.current?.topic === t.topic
        ? s
        : { current: { ...t, id: nextId++ }, open: true },
    ),
  dismiss: () => set({ open: false }),
}));

export const toast = (t: ToastInput) => useToasts.getState().show(t);
