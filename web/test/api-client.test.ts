import { afterEach, describe, expect, it, vi } from 'vitest';
import { AuctionDetailSchema, AuthResponseSchema, PlaceBidResponseSchema, UploadedPhotoSchema } from '@app/shared';
import {
  ApiError,
  MalformedAnswerError,
  apiRequest,
  readQuery,
  setUnauthorizedWriteHandler,
  userMessage,
} from '../src/lib/api-client';
import { uploadFile } from '../src/lib/upload';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const context = (url: string) => ({ queryKey: [url] }) as never;

describe('request client (spec part 1, shared request behaviour)', () => {
  it('sends cookies and a JSON body, and fails with "status: text" carrying the server error', async () => {
    const fetchMock = vi.fn(
      async () =>
        new Response(JSON.stringify({ error: 'This auction has ended' }), { status: 409, statusText: 'Conflict' }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const err = await apiRequest('POST', '/api/bids', PlaceBidResponseSchema, {
      body: { auctionId: 1, amount: '100' },
    }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).message).toBe('409: {"error":"This auction has ended"}');
    expect((err as ApiError).serverMessage).toBe('This auction has ended');
    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(init.credentials).toBe('include');
    expect(init.headers).toEqual({ 'Content-Type': 'application/json' });
    expect(init.body).toBe('{"auctionId":1,"amount":"100"}');
  });
  it("shows a refused field's own message, never the technical summary of the refusal", () => {
    const body = {
      error: 'Invalid request: amount: Bids are in whole dollars: enter an amount without cents',
      issues: [{ path: ['amount'], message: 'Bids are in whole dollars: enter an amount without cents' }],
    };
    expect(new ApiError(400, body, JSON.stringify(body)).serverMessage).toBe(
      'Bids are in whole dollars: enter an amount without cents',
    );
  });
  it('never shows a raw "status: body", a network error or a contract mismatch in a notice', () => {
    expect(userMessage(new ApiError(502, null, '<html>Bad gateway</html>'), 'Please try again.')).toBe(
      'Please try again.',
    );
    expect(userMessage(new TypeError('Failed to fetch'), 'Please try again.')).toBe('Please try again.');
    expect(userMessage(new MalformedAnswerError('GET /api/x', []), 'Please try again.')).toBe('Please try again.');
    expect(userMessage(new ApiError(409, { error: 'This auction has ended' }, ''), 'Please try again.')).toBe(
      'This auction has ended',
    );
  });
  it('uses the status text when the body is empty', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('', { status: 503, statusText: 'Service Unavailable' })),
    );
    await expect(apiRequest('GET', '/api/auctions/1', AuctionDetailSchema)).rejects.toThrow('503: Service Unavailable');
  });
  it('can read a 401 as an empty result', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{"error":"Not signed in"}', { status: 401 })),
    );
    const read = readQuery(AuthResponseSchema, { on401: 'returnNull' });
    await expect(read(context('/api/auth/me'))).resolves.toBeNull();
  });
  it('reads the first element of the query key and returns the answer as its schema parsed it', async () => {
    const fetchMock = vi.fn(async () =>
      json({ user: { id: 7, name: 'Dana', email: 'dana@example.com', isPremium: false } }),
    );
    vi.stubGlobal('fetch', fetchMock);
    await expect(readQuery(AuthResponseSchema)(context('/api/auth/me'))).resolves.toEqual({
      user: { id: 7, name: 'Dana', email: 'dana@example.com', isPremium: false },
    });
    expect(fetchMock).toHaveBeenCalledWith('/api/auth/me', { credentials: 'include' });
  });
  it('sends a 401 on a write to sign in, unless the request is a sign-in itself', async () => {
    const toSignIn = vi.fn();
    setUnauthorizedWriteHandler(toSignIn);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json({ error: 'Sign in first' }, 401)),
    );
    await expect(apiRequest('POST', '/api/bids', PlaceBidResponseSchema, { body: {} })).rejects.toThrow('401: ');
    expect(toSignIn).toHaveBeenCalledTimes(1);
    await expect(
      apiRequest('POST', '/api/auth/login', AuthResponseSchema, { body: {}, signInOn401: false }),
    ).rejects.toThrow('401: ');
    expect(toSignIn).toHaveBeenCalledTimes(1);
  });
});

describe('answers are parsed by their shared schema', () => {
  // A flag arrives as a string where the contract says boolean.
  const malformed = { user: { id: 7, name: 'Dana', email: 'dana@example.com', isPremium: 'yes' } };

  it('a malformed answer to a request raises MalformedAnswerError and is logged, not returned', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(malformed)),
    );
    const err = await apiRequest('POST', '/api/auth/login', AuthResponseSchema, { body: {} }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(MalformedAnswerError);
    expect((err as Error).message).toBe('The answer to POST /api/auth/login does not match its contract');
    expect(logged).toHaveBeenCalledTimes(1);
    expect(String(logged.mock.calls[0]?.[0])).toContain('POST /api/auth/login');
  });
  it('a malformed answer to a read fails the query the same way', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json({ ...malformed, user: { ...malformed.user, id: 'seven' } })),
    );
    await expect(
      readQuery(AuthResponseSchema, { on401: 'returnNull' })(context('/api/auth/me')),
    ).rejects.toBeInstanceOf(MalformedAnswerError);
    expect(logged).toHaveBeenCalledTimes(1);
  });
  it('a body that is not JSON at all counts as malformed', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('<html>proxy error</html>', { status: 200 })),
    );
    await expect(apiRequest('GET', '/api/auctions/1', AuctionDetailSchema)).rejects.toBeInstanceOf(
      MalformedAnswerError,
    );
  });
  it('an upload answer is parsed too', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    class FakeXhr {
      status = 201;
      statusText = 'Created';
      responseText = JSON.stringify({ url: '/uploads/x.png', contentType: 'image/gif', bytes: 10 });
      withCredentials = false;
      upload: { onprogress?: unknown } = {};
      onload?: () => void;
      onerror?: () => void;
      open() {}
      send() {
        this.onload?.();
      }
    }
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    await expect(
      uploadFile('/api/uploads/photos', UploadedPhotoSchema, new Blob(['x']), 'x.png'),
    ).rejects.toBeInstanceOf(MalformedAnswerError);
    expect(logged).toHaveBeenCalledTimes(1);
  });
});
