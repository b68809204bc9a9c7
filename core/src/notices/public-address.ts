// Where the workers may connect when they push: a subscription endpoint is outside input, and its host name, checked
// when stored, could resolve to the private network (or change to it later, a DNS rebinding). The check is made on the
// address actually connected to, inside the connection's own lookup, so no second resolution can differ from it.
import { lookup, type LookupAddress, type LookupOptions } from 'node:dns';
import { BlockList, isIP } from 'node:net';
import { Agent } from 'undici';

const PRIVATE = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  PRIVATE.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
  ['64:ff9b::', 96],
] as const)
  PRIVATE.addSubnet(net, prefix, 'ipv6');

/** Whether an address is outside the public internet (loopback, private, link-local, reserved, multicast). */
export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return PRIVATE.check(address, 'ipv4');
  if (family !== 6) return true;
  // An IPv4 address written as IPv6 (::ffff:10.0.0.1) is that IPv4 address.
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  return mapped ? PRIVATE.check(mapped[1]!, 'ipv4') : PRIVATE.check(address, 'ipv6');
}

type LookupCallback = (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/** A dns.lookup that fails for a private address unless `allowLoopback` lets 127.0.0.1 through (tests). */
export function publicLookup(allowLoopback: boolean) {
  const allowed = (a: string) => !isPrivateAddress(a) || (allowLoopback && a === '127.0.0.1');
  return (hostname: string, options: LookupOptions, callback: LookupCallback): void => {
    lookup(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err, []);
      const list = addresses.filter((a) => allowed(a.address));
      if (list.length === 0 || list.length < addresses.length) {
        const refused = Object.assign(new Error(`${hostname} resolves to an address push is not sent to`), {
          code: 'EPRIVATEADDRESS',
        });
        return callback(refused, []);
      }
      if (options.all) return callback(null, list);
      callback(null, list[0]!.address, list[0]!.family);
    });
  };
}

/** An HTTP client whose every connection goes to a public address (see publicLookup). */
export const publicOnlyAgent = (allowLoopback: boolean) =>
  new Agent({ connect: { lookup: publicLookup(allowLoopback) } });
