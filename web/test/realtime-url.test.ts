import { describe, expect, it } from 'vitest';
import { realtimeUrlFor } from '../src/features/system';

describe('where the socket connects', () => {
  it("follows the page's own host, so the socket carries that host's cookies", () => {
    const config = { realtimeUrl: null, realtimePort: 3001 };
    expect(realtimeUrlFor(config, { protocol: 'http:', hostname: '127.0.0.1' })).toBe('http://127.0.0.1:3001');
    expect(realtimeUrlFor(config, { protocol: 'http:', hostname: 'localhost' })).toBe('http://localhost:3001');
    expect(realtimeUrlFor(config, { protocol: 'https:', hostname: '::1' })).toBe('https://[::1]:3001');
  });

  it('uses the configured public address when there is one', () => {
    expect(realtimeUrlFor({ realtimeUrl: 'https://live.example.com', realtimePort: 3001 }, { protocol: 'http:', hostname: 'x' })).toBe(
      'https://live.example.com',
    );
  });
});
