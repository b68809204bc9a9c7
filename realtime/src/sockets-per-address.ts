// A cap on the connections one client address holds open on this gateway process, checked at the handshake (before
// any socket exists). The address is the peer's, or the one a proxy named in TRUST_PROXY forwarded (X-Forwarded-For).
import type { IncomingMessage } from 'node:http';
import proxyaddr from '@fastify/proxy-addr';

/** Per address and gateway process: a household or an office behind one address opens one socket per tab. */
export const SOCKETS_PER_ADDRESS = 100;
export const TOO_MANY_SOCKETS = 'Too many connections from this address';

/** TRUST_PROXY as the env parses it: off, a hop count, or proxy addresses and ranges. */
export type TrustProxy = false | number | string[];

export function addressResolver(trust: TrustProxy): (req: IncomingMessage) => string {
  if (trust === false) return (req) => req.socket.remoteAddress ?? 'unknown';
  const trusted = typeof trust === 'number' ? (_addr: string, i: number) => i < trust : proxyaddr.compile(trust);
  return (req) => proxyaddr(req, trusted);
}

export class SocketsPerAddress {
  private readonly open = new Map<string, number>();

  constructor(
    private readonly max: number,
    private readonly addressOf: (req: IncomingMessage) => string,
  ) {}

  /** Whether a new connection from this request's address fits under the cap. */
  admits(req: IncomingMessage): boolean {
    return (this.open.get(this.addressOf(req)) ?? 0) < this.max;
  }

  /** Counts an opened connection until it closes. */
  track(connection: { request: IncomingMessage; once(event: 'close', fn: () => void): unknown }): void {
    const address = this.addressOf(connection.request);
    this.open.set(address, (this.open.get(address) ?? 0) + 1);
    connection.once('close', () => {
      const left = (this.open.get(address) ?? 1) - 1;
      if (left <= 0) this.open.delete(address);
      else this.open.set(address, left);
    });
  }
}
