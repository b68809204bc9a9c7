// Follows the tab's socket while a component is mounted: `subscribe` adds listeners (or joins rooms) and returns what
// undoes them, which runs when `key` changes or the component goes away. A null key follows nothing (not signed in yet).
import { useEffect, useEffectEvent } from 'react';
import { getSocket, socketFor, type AppSocket } from './socket';

export function useSocketListeners(
  key: string | null,
  subscribe: (socket: AppSocket) => (() => void)[],
  /** `asUser`: the key names whose events these are (`user:7`, `admin:2`), so the socket handshakes as them. */
  options: { asUser?: boolean } = {},
): void {
  const onSocket = useEffectEvent(subscribe);
  const asUser = options.asUser === true;
  useEffect(() => {
    if (key === null) return;
    let undo: (() => void)[] = [];
    let cancelled = false;
    (asUser ? socketFor(key) : getSocket())
      .then((socket) => {
        if (!cancelled) undo = onSocket(socket);
      })
      // The page still works without live updates: polls and refetches carry it.
      .catch((err: unknown) => console.warn('live updates are unavailable', err));
    return () => {
      cancelled = true;
      for (const u of undo) u();
    };
  }, [key, asUser]);
}
