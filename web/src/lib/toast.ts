// One notice at a time (spec): a new toast replaces the one on screen.
import { create } from 'zustand';

export interface ToastInput {
  title: string;
  description?: string;
  variant?: 'default' | 'destructive';
  action?: { label: string; onClick(): void };
  durationMs?: number;
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
  show: (t) => set({ current: { ...t, id: nextId++ }, open: true }),
  dismiss: () => set({ open: false }),
}));

export const toast = (t: ToastInput) => useToasts.getState().show(t);
