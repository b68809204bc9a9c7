// Wherever the signed-in user is, a fired bid alert shows as the spec's 'Bid Alert' toast for 10 seconds.
import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { ALERT_TOAST_DURATION_MS } from '@app/shared';
import { getSocket } from './socket';
import { useMe } from './session';
import { toast } from '../stores/toast';

export function useAlertListener(): void {
  const me = useMe();
  const userId = me.data?.user.id;
  const queryClient = useQueryClient();
  useEffect(() => {
    if (userId === undefined) return;
    let off: (() => void) | undefined;
    let cancelled = false;
    void getSocket().then((socket) => {
      if (cancelled) return;
      // The socket may have been opened before sign-in: a fresh handshake puts it in this user's room.
      if (socket.connected && socket.data?.userId !== userId) {
        socket.disconnect();
        socket.connect();
      }
      socket.data = { userId };
      const onAlert = (e: { text: string }) => {
        toast({ title: 'Bid Alert', description: e.text, durationMs: ALERT_TOAST_DURATION_MS });
        void queryClient.invalidateQueries({ queryKey: ['/api/bid-alerts'] });
      };
      socket.on('alert.fired', onAlert);
      off = () => socket.off('alert.fired', onAlert);
    });
    return () => {
      cancelled = true;
      off?.();
    };
  }, [userId, queryClient]);
}
