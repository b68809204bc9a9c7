// Countdowns follow the server's clock: the offset is learned from every answer that carries the server time.
import { create } from 'zustand';

interface ServerClock {
  offsetMs: number;
  learn(serverTime: string | number): void;
}

export const useServerClock = create<ServerClock>((set) => ({
  offsetMs: 0,
  learn(serverTime) {
    const ms = typeof serverTime === 'number' ? serverTime : Date.parse(serverTime);
    if (Number.isFinite(ms)) set({ offsetMs: ms - Date.now() });
  },
}));

export const serverNow = () => Date.now() + useServerClock.getState().offsetMs;

/** One 1-second ticker for every countdown on the page. */
export const useTicker = create<{ now: number }>(() => ({ now: Date.now() }));
if (typeof window !== 'undefined') {
  setInterval(() => useTicker.setState({ now: Date.now() }), 1000);
}
