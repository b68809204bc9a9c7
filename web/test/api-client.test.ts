import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiRequest, getQueryFn } from '../src/lib/api-client';

afterEach(() => vi.unstubAllGlobals());

describe('request client (spec part 1, shared request behaviour)', () => {
  it('sends cookies and a JSON body, and fails with "status: text" carrying the server error', async () => {
    const fetchMock = vi.fn(async () => new Response(JSON.stringify({ error: 'This auction has ended' }), { status: 409, statusText: 'Conflict' }));
    vi.stubGlobal('fetch', fetchMock);
    const err = await apiRequest('POST', '/api/bids', { auctionId: 1, amount: '100' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).message).toBe('409: {"error":"This auction has ended"}');
    expect((err as ApiError).serverMessage).toBe('This auction has ended');
    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(init.credentials).toBe('include');
    expect(init.headers).toEqual({ 'Content-Type': 'application/json' });
    expect(init.body).toBe('{"auctionId":1,"amount":"100"}');
  });
  it('uses the status text when the body is empty', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response('', { status: 503, statusText: 'Service Unavailable' })));
    await expect(apiRequest('GET', '/api/auctions')).rejects.toThrow('503: Service Unavailable');
  });
  it('can read a 401 as an empty result', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response('{"error":"Not signed in"}', { status: 401 })));
    const fn = getQueryFn({ on401: 'returnNull' });
    await expect(fn({ queryKey: ['/api/auth/me'] } as never)).resolves.toBeNull();
  });
});
