import type { ClientConfig } from '@app/shared';

/**
 * The gateway's address for this page: the configured one ("/" being this page's own origin, behind a balancer),
 * else this page's own host on the gateway's port.
 */
export function realtimeUrlFor(config: ClientConfig, page: Pick<Location, 'protocol' | 'hostname' | 'origin'>): string {
  if (config.realtimeUrl === '/') return page.origin;
  if (config.realtimeUrl) return config.realtimeUrl;
  const host = page.hostname.includes(':') ? `[${page.hostname}]` : page.hostname;
  return `${page.protocol}//${host}:${config.realtimePort}`;
}
