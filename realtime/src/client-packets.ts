// What the gateway reads from a client, checked as each packet is decoded, before socket.io dispatches it. Socket.IO
// spreads an event's arguments onto the call stack (`emit.apply`) on a later tick, where nothing can catch a throw: an
// event with 40,000 arguments ended the process with a RangeError. So a packet this protocol never uses is refused
// here, where socket.io catches the throw and closes only that connection: binary packets, acknowledgements (the
// gateway never asks a client for one), another namespace, an event with more than one payload. An event whose name
// no handler takes is dropped unread, as socket.io would have ignored it.
import { EventEmitter } from 'node:events';
import { Decoder, Encoder, PacketType, type Packet } from 'socket.io-parser';

/** The longest client message: a join or watch with the largest id and ack id, or a recovering CONNECT (~70 bytes). */
export const MAX_CLIENT_PACKET_BYTES = 1024;
/** An event is its name and one payload; the acknowledgement travels as the packet's id, not as an argument. */
export const MAX_EVENT_ARGUMENTS = 2;

export class RefusedPacket extends Error {}

/** Why a decoded packet is refused (the connection closes), 'drop' to ignore it, or null to dispatch it. */
export function packetVerdict(packet: Packet, clientEvents: ReadonlySet<string>): string | 'drop' | null {
  if (packet.nsp !== '/') return 'unknown namespace';
  switch (packet.type) {
    case PacketType.CONNECT:
    case PacketType.DISCONNECT:
      return null;
    case PacketType.EVENT: {
      const args: unknown = packet.data;
      if (!Array.isArray(args)) return 'drop';
      if (args.length > MAX_EVENT_ARGUMENTS) return `an event carries at most one payload, not ${args.length - 1}`;
      return typeof args[0] === 'string' && clientEvents.has(args[0]) ? null : 'drop';
    }
    default:
      return `packet type ${packet.type} is not part of this protocol`;
  }
}

/** Decodes one connection's packets, throwing on a refused one (the throw closes that connection and no other). */
export class ClientPacketDecoder extends EventEmitter {
  private readonly inner = new Decoder();

  constructor(clientEvents: ReadonlySet<string>) {
    super();
    this.inner.on('decoded', (packet: Packet) => {
      const verdict = packetVerdict(packet, clientEvents);
      if (verdict === 'drop') return;
      if (verdict !== null) throw new RefusedPacket(verdict);
      this.emit('decoded', packet);
    });
  }

  add(chunk: unknown): void {
    // Binary packets (types 5 and 6, then their attachments) would hold a half-built packet until attachments come.
    if (typeof chunk !== 'string') throw new RefusedPacket('binary packets are not part of this protocol');
    if (chunk.startsWith(String(PacketType.BINARY_EVENT)) || chunk.startsWith(String(PacketType.BINARY_ACK)))
      throw new RefusedPacket('binary packets are not part of this protocol');
    this.inner.add(chunk);
  }

  destroy(): void {
    this.inner.destroy();
  }
}

/** socket.io's `parser` option: its own encoder, and this decoder for each connection (socket.io's `ondata` catches). */
export function clientPacketParser(clientEvents: ReadonlySet<string>): {
  Encoder: typeof Encoder;
  Decoder: new () => ClientPacketDecoder;
} {
  return {
    Encoder,
    Decoder: class extends ClientPacketDecoder {
      constructor() {
        super(clientEvents);
      }
    },
  };
}
