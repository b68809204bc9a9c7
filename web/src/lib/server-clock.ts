// Countdowns follow the server's clock: the offset is learned from every answer that carries the server time.
import { create } from 'zustand';

interface ServerClock {
  offsetMs: number;
  learn(serverTime: string | number): void;
}

/**
 * A change of the offset smaller than this is not taken: countdowns show whole seconds, a server time read off an
 * answer is late by the answer's trip anyway, and every change redraws every countdown on the page (opening /auctions
 * joins each card's room, and each join's answer carries the server time: 26 answers were 26 redraws of the list).
 */
export const CLOCK_TOLERANCE_MS = 250;

export const useServerClock = create<ServerClock>((set, get) => ({
  offsetMs: 0,
  learn(serverTime) {
    const ms = typeof serverTime === 'number' ? serverTime : Date.parse(serverTime);
    if (!Number.isFinite(ms)) return;
    const offsetMs = ms - Date.now();
    if (Math.abs(offsetMs - get().offsetMs) >= CLOCK_TOLERANCE_MS) set({ offsetMs });
  },
}));

export const serverNow = () => Date.now() + useServerClock.getState().offsetMs;

/** One 1-second ticker for every countdown on the page. */
export const useTicker = create<{ now: number }>(() => ({ now: Date.now() }));
if (typeof window !== 'undefined') {
  setInterval(() => useTicker.setState({ now: Date.now() }), 1000);
}

/**
 * What a component shows of the server's clock, read on every tick but redrawing the component only when it changes:
 * `read` must return a string, number or boolean (compared by value). A countdown days away reads "2d 4h" for an hour,
 * and a listing only cares whether its end has passed; redrawn on every tick, /auctions redrew every card each second
 * (50-120 ms of main thread a tick on a phone) and a listing its whole page.
 */
export function useServerTime<T extends string | number | boolean>(read: (serverNowMs: number) => T): T {
  const offset = useServerClock((s) => s.offsetMs);
  return useTicker((s) => read(s.now + offset));
}

/** Whether the server's clock has passed `atMs`: redraws once, when it does (an auction's end closes its bidding). */
export const useServerTimePassed = (atMs: number): boolean => useServerTime((now) => now >= atMs);
