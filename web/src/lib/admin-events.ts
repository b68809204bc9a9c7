// An admin's open portal follows the admins' stream: a new submission or another admin's decision refreshes the lists.
import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { onServerEvent } from './server-events';
import { socketFor } from './socket';

export function useAdminEvents(adminId: number | undefined, keys: readonly (readonly string[])[]): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (adminId === undefined) return;
    let offs: (() => void)[] = [];
    let cancelled = false;
    const refresh = () => {
      for (const queryKey of keys) void queryClient.invalidateQueries({ queryKey });
    };
    void socketFor(`admin:${adminId}`).then((socket) => {
      if (cancelled) return;
      offs = [onServerEvent(socket, 'auction.submitted', refresh), onServerEvent(socket, 'auction.reviewed', refresh)];
    });
    return () => {
      cancelled = true;
      for (const off of offs) off();
    };
    // The keys are constants of the page: following the admin is what matters.
  }, [adminId, queryClient]);
}
