// Wherever the signed-in user is, their private events arrive: a fired bid alert shows as the spec's 'Bid Alert' toast
// for 10 seconds; a step on one of their escrows shows a notice and refreshes the escrow page if it is open.
import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { ALERT_TOAST_DURATION_MS } from '@app/shared';
import { useNavigate } from 'react-router';
import { onServerEvent } from './server-events';
import { socketFor } from './socket';
import { useMe } from './session';
import { toast } from '../stores/toast';

export function useUserEvents(): void {
  const me = useMe();
  const userId = me.data?.user.id;
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  useEffect(() => {
    if (userId === undefined) return;
    let offs: (() => void)[] = [];
    let cancelled = false;
    void socketFor(`user:${userId}`).then((socket) => {
      if (cancelled) return;
      offs = [
        onServerEvent(socket, 'alert.fired', (e) => {
          toast({ title: 'Bid Alert', description: e.text, durationMs: ALERT_TOAST_DURATION_MS });
          void queryClient.invalidateQueries({ queryKey: ['/api/bid-alerts'] });
        }),
        onServerEvent(socket, 'escrow.updated', (e) => {
          void queryClient.invalidateQueries({ queryKey: [`/api/escrow/transaction/${e.auctionId}`] });
          if (e.actor === e.role) return;
          toast({
            title: 'Escrow updated',
            description: e.text,
            action: { label: 'View', onClick: () => void navigate(`/transaction/${e.auctionId}`) },
          });
        }),
      ];
    });
    return () => {
      cancelled = true;
      for (const off of offs) off();
    };
  }, [userId, queryClient, navigate]);
}
