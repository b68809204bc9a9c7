// The error boundary around every client event handler. Socket.IO calls listeners on a tick of its own, where a throw
// or a rejected promise would end the process: here it is logged and only that socket is closed.
import type { Logger } from 'pino';
import type { ClientToServerEvents } from '@app/shared';
import type { GatewaySocket } from '../socket-types.js';

type ClientEvent = keyof ClientToServerEvents;
/** The answer an event's acknowledgement carries. */
export type AckOf<E extends ClientEvent> = Parameters<NonNullable<Parameters<ClientToServerEvents[E]>[1]>>[0];

/** A handler: the payload as sent (unknown: parsed by the handler) and a reply that is a no-op without an ack. */
export type ClientEventHandler<E extends ClientEvent> = (
  payload: unknown,
  reply: (answer: AckOf<E>) => void,
) => Promise<void> | void;

export function onClientEvent<E extends ClientEvent>(
  socket: GatewaySocket,
  event: E,
  handler: ClientEventHandler<E>,
  logger: Logger,
): void {
  const fail = (err: unknown) => {
    logger.error(
      { err: err instanceof Error ? err.message : String(err), event, socket: socket.id },
      'socket handler failed; that connection is closed',
    );
    socket.disconnect(true);
  };
  const listener = (payload: unknown, ack?: unknown) => {
    // A client may send anything in the ack's place; only a function is an acknowledgement callback.
    const reply = (answer: AckOf<E>) => {
      if (typeof ack === 'function') (ack as (a: AckOf<E>) => void)(answer);
    };
    try {
      void Promise.resolve(handler(payload, reply)).catch(fail);
    } catch (err) {
      fail(err);
    }
  };
  (socket.on as (event: E, listener: (payload: unknown, ack?: unknown) => void) => void)(event, listener);
}
