// The request rules of the spec: cookies always, JSON bodies, a failure message "status: text"; and the contract rule:
// every answer is parsed by the schema its request names, so a malformed answer fails the request instead of rendering.
import type { QueryFunction } from '@tanstack/react-query';
import { ErrorBodySchema } from '@app/shared';
import type { Schema } from './contract';
import { unauthorizedWrite } from './unauthorized-writes';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
    text: string,
  ) {
    super(`${status}: ${text}`);
  }

  /**
   * What the spec's toasts show: the server's `error` field, or for refused input the first field's own message
   * ("Bids are in whole dollars ..."), never the technical summary ("Invalid request: amount: ...").
   */
  get serverMessage(): string | undefined {
    const parsed = ErrorBodySchema.safeParse(this.body);
    if (!parsed.success) return undefined;
    return parsed.data.issues?.[0]?.message ?? parsed.data.error;
  }
}

/**
 * The words a notice may show for a failed request: the server's own message, or `fallback`. Never the raw
 * "status: body" text, a network error's or a contract mismatch's.
 */
export const userMessage = (err: unknown, fallback: string): string =>
  (err instanceof ApiError ? err.serverMessage : undefined) ?? fallback;

/** A successful answer whose body is not what its schema says: a server or contract bug, never shown to the user. */
export class MalformedAnswerError extends Error {
  constructor(
    readonly request: string,
    readonly issues: readonly unknown[],
  ) {
    super(`The answer to ${request} does not match its contract`);
  }
}

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RequestOptions {
  body?: unknown;
  /** A 401 on a write sends the user to sign in and back; the sign-in requests themselves turn this off. */
  signInOn401?: boolean;
  /** Sees the raw answer before its body is parsed (for headers such as the server clock). */
  onResponse?(res: Response): void;
}

export { setUnauthorizedWriteHandler } from './unauthorized-writes';

/** A body's JSON, or null when it is not JSON (which then fails its schema like any other wrong body). */
export const jsonOrNull = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
};

/** The ApiError for a failed answer: its message carries the body's text, or the status text when the body is empty. */
export function failedAnswer(status: number, statusText: string, text: string): ApiError {
  return new ApiError(status, jsonOrNull(text), text || statusText);
}

/** The body parsed by its schema; a mismatch is logged and raised as MalformedAnswerError. */
export function parseAnswer<T>(schema: Schema<T>, body: unknown, request: string): T {
  const parsed = schema.safeParse(body);
  if (parsed.success) return parsed.data;
  console.error(`${request} answered with a body that does not match its schema`, parsed.error.issues);
  throw new MalformedAnswerError(request, parsed.error.issues);
}

async function send(method: Method, url: string, options: RequestOptions): Promise<Response> {
  const { body } = options;
  const res = await fetch(url, {
    method,
    headers: body !== undefined ? { 'Content-Type': 'application/json' } : {},
    body: body !== undefined ? JSON.stringify(body) : undefined,
    credentials: 'include',
  });
  if (res.status === 401 && method !== 'GET' && options.signInOn401 !== false) unauthorizedWrite();
  if (!res.ok) throw failedAnswer(res.status, res.statusText, await res.text());
  options.onResponse?.(res);
  return res;
}

/** A request whose answer has a body: returns it parsed by `schema`. */
export async function apiRequest<T>(
  method: Method,
  url: string,
  schema: Schema<T>,
  options: RequestOptions = {},
): Promise<T> {
  const res = await send(method, url, options);
  return parseAnswer(schema, jsonOrNull(await res.text()), `${method} ${url}`);
}

/** A request answered with 204 No Content. */
export async function apiSend(method: Method, url: string, options: RequestOptions = {}): Promise<void> {
  await send(method, url, options);
}

/**
 * The default read: GET the first element of the query key and parse it with `schema`. A 401 is an error unless the
 * read is configured to yield an empty result (the session query: signed out is not a failure).
 */
export function readQuery<T>(schema: Schema<T>): QueryFunction<T>;
export function readQuery<T>(schema: Schema<T>, options: { on401: 'returnNull' }): QueryFunction<T | null>;
export function readQuery<T>(
  schema: Schema<T>,
  options: { on401: 'returnNull' | 'throw' } = { on401: 'throw' },
): QueryFunction<T | null> {
  return async ({ queryKey }) => {
    const url = String(queryKey[0]);
    const res = await fetch(url, { credentials: 'include' });
    if (options.on401 === 'returnNull' && res.status === 401) return null;
    if (!res.ok) throw failedAnswer(res.status, res.statusText, await res.text());
    return parseAnswer(schema, jsonOrNull(await res.text()), `GET ${url}`);
  };
}
