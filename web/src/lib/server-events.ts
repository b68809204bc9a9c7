// Socket payloads are parsed by the shared event schema before anything uses them: a malformed one is logged and
// dropped, never rendered.
import { DomainEventSchema, type EventOf, type EventType } from '@app/shared';
import type { AppSocket } from './socket';

export function onServerEvent<T extends EventType>(socket: AppSocket, type: T, handler: (event: EventOf<T>) => void): () => void {
  const listener = (payload: unknown) => {
    const parsed = DomainEventSchema.safeParse(payload);
    if (!parsed.success || parsed.data.type !== type) {
      console.warn(`ignored a malformed ${type} event`, parsed.success ? 'wrong type' : parsed.error.issues);
      return;
    }
    handler(parsed.data as EventOf<T>);
  };
  const name: string = type;
  socket.on(name, listener);
  return () => {
    socket.off(name, listener);
  };
}
