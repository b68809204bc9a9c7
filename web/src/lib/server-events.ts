// Socket payloads are parsed by the shared event schema before anything uses them: a malformed one is logged and
// dropped, never rendered.
import { DomainEventSchema, type EventOf, type EventType } from '@app/shared';
import type { AppSocket } from './socket';
import { parseOrWarn } from './contract';

export function onServerEvent<T extends EventType>(socket: AppSocket, type: T, handler: (event: EventOf<T>) => void): () => void {
  const listener = (payload: unknown) => {
    const event = parseOrWarn(DomainEventSchema, payload, `${type} event`);
    if (!event) return;
    if (event.type !== type) {
      console.warn(`ignored a ${event.type} event sent as ${type}`);
      return;
    }
    handler(event as EventOf<T>);
  };
  // Registered under the wide name so the listener may take `unknown`: what arrives is checked here, not trusted
  // from the declared type.
  const name: EventType = type;
  socket.on(name, listener);
  return () => {
    socket.off(name, listener);
  };
}
