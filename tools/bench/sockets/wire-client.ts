// A Socket.IO client reduced to what a bench receiver needs, speaking the protocol (Engine.IO 4 over a WebSocket,
// Socket.IO 5 packets) directly on `ws`. Thousands of these share one load-generator process, so each costs a frame
// decode and one JSON.parse per packet, not socket.io-client's per-socket machinery: the load generator then measures
// the server, not itself. Only the main namespace, text packets, events, acknowledgements and pings are handled.
import WebSocket from 'ws';

export const nowMs = () => performance.timeOrigin + performance.now();

export interface WireOptions {
  /** Source address for the TCP connection (127.0.0.x spreads many sockets over more ephemeral ports). */
  localAddress?: string;
  origin?: string;
  cookie?: string;
}

export class WireSocket {
  private nextAckId = 0;
  private readonly acks = new Map<number, (args: unknown[]) => void>();
  /** Called for every event packet: its name, its arguments (a recovered session appends an offset) and the arrival time. */
  onEvent: (name: string, args: unknown[], at: number) => void = () => {};
  closed = false;

  private constructor(private readonly ws: WebSocket) {}

  static connect(baseUrl: string, opts: WireOptions = {}, timeoutMs = 20_000): Promise<WireSocket> {
    const url = `${baseUrl.replace(/^http/, 'ws')}/socket.io/?EIO=4&transport=websocket`;
    const headers: Record<string, string> = {};
    if (opts.origin) headers.origin = opts.origin;
    if (opts.cookie) headers.cookie = opts.cookie;
    const ws = new WebSocket(url, {
      headers,
      perMessageDeflate: false,
      ...(opts.localAddress ? { localAddress: opts.localAddress } : {}),
    });
    const socket = new WireSocket(ws);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        ws.terminate();
        reject(new Error('socket connect timed out'));
      }, timeoutMs);
      const fail = (err: Error) => {
        clearTimeout(timer);
        reject(err);
      };
      ws.once('error', fail);
      ws.on('close', () => {
        socket.closed = true;
        fail(new Error('socket closed before connecting'));
      });
      ws.on('message', (data: Buffer, isBinary: boolean) => {
        if (isBinary) return;
        const text = data.toString();
        const engineType = text.charCodeAt(0);
        if (engineType === 0x32 /* '2' ping */) {
          ws.send('3');
          return;
        }
        if (engineType === 0x30 /* '0' open */) {
          ws.send('40');
          return;
        }
        if (engineType !== 0x34 /* '4' message */) return;
        const packetType = text.charCodeAt(1);
        if (packetType === 0x30 /* '0' connect */) {
          clearTimeout(timer);
          ws.removeListener('error', fail);
          ws.on('error', () => {});
          resolve(socket);
        } else if (packetType === 0x34 /* '4' connect error */) {
          fail(new Error(`connect refused: ${text.slice(2)}`));
        } else if (packetType === 0x32 /* '2' event */) {
          const at = nowMs();
          const args = JSON.parse(text.slice(2)) as unknown[];
          socket.onEvent(args[0] as string, args.slice(1), at);
        } else if (packetType === 0x33 /* '3' ack */) {
          const bracket = text.indexOf('[');
          const id = Number(text.slice(2, bracket));
          const done = socket.acks.get(id);
          socket.acks.delete(id);
          done?.(JSON.parse(text.slice(bracket)) as unknown[]);
        }
      });
    });
  }

  emit(name: string, data: unknown): void {
    this.ws.send(`42${JSON.stringify([name, data])}`);
  }

  emitWithAck(name: string, data: unknown, timeoutMs = 30_000): Promise<unknown> {
    const id = this.nextAckId++;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.acks.delete(id);
        reject(new Error(`${name}: no acknowledgement within ${timeoutMs} ms`));
      }, timeoutMs);
      this.acks.set(id, (args) => {
        clearTimeout(timer);
        resolve(args[0]);
      });
      this.ws.send(`42${id}${JSON.stringify([name, data])}`);
    });
  }

  close(): void {
    this.closed = true;
    this.ws.terminate();
  }
}
