import { describe, expect, it } from 'vitest';
import { realtimeUrlFor } from '../src/shared/config';

describe('where the socket connects', () => {
  it("follows the page's own host, so the socket carries that host's cookies", () => {
    const config = { realtimeUrl: null, realtimePort: 3001 };
    const page = (protocol: string, hostname: string) => ({ protocol, hostname, origin: 'unused' });
    expect(realtimeUrlFor(config, page('http:', '127.0.0.1'))).toBe('http://127.0.0.1:3001');
    expect(realtimeUrlFor(config, page('http:', 'localhost'))).toBe('http://localhost:3001');
    expect(realtimeUrlFor(config, page('https:', '::1'))).toBe('https://[::1]:3001');
  });

  it("uses the page's own origin behind a balancer that routes the socket path", () => {
    const page = { protocol: 'http:', hostname: 'localhost', origin: 'http://localhost:8080' };
    expect(realtimeUrlFor({ realtimeUrl: '/', realtimePort: 3001 }, page)).toBe('http://localhost:8080');
  });

  it('uses the configured public address when there is one', () => {
    expect(
      realtimeUrlFor(
        { realtimeUrl: 'https://live.example.com', realtimePort: 3001 },
        { protocol: 'http:', hostname: 'x', origin: 'http://x' },
      ),
    ).toBe('https://live.example.com');
  });
});
