// One notice at a time (spec): a new toast replaces the one on screen, with two exceptions about the same thing (the
// same topic: the page the toast's action leads to), so the news that matters stays readable:
// - a pushed notice gives way to the tab's own answer on screen (the socket's "You won" while this tab shows its own
//   "Purchase Successful!"). The tab's own answer always shows: under load the pushed notice can come first.
// - a step of something already announced (an escrow step) gives way to any toast on screen about the same thing:
//   the seller's automatic acceptance of the terms a moment after a sale does not replace "You won".
// Otherwise the newest shows.
import { create } from 'zustand';

export interface ToastInput {
  title: string;
  description?: string;
  variant?: 'default' | 'destructive';
  action?: { label: string; onClick(): void };
  durationMs?: number;
  /** What the toast is about (the page its action leads to); a pushed notice about it gives way to the tab's own answer. */
  topic?: string;
  /** Pushed by the server rather than the answer to this tab's own action: it gives way to the tab's own answer. */
  pushed?: boolean;
  /** A step of something already announced: it gives way to any toast on screen about the same topic. */
  step?: boolean;
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
      t.topic !== undefined &&
      s.open &&
      s.current?.topic === t.topic &&
      (t.step === true || (t.pushed === true && s.current.pushed !== true))
        ? s
        : { current: { ...t, id: nextId++ }, open: true },
    ),
  dismiss: () => set({ open: false }),
}));

export const toast = (t: ToastInput) => useToasts.getState().show(t);
