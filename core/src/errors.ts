// The small set of errors services throw; the error handler maps each to its HTTP status.
import { REFUSAL_STATUS, type Refusal } from '@app/shared';

export class DomainError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}
export class Invalid extends DomainError {
  constructor(message: string) {
    super(400, message);
  }
}
export class Unauthorized extends DomainError {
  constructor(message = 'Please sign in to continue') {
    super(401, message);
  }
}
export class Forbidden extends DomainError {
  constructor(message: string) {
    super(403, message);
  }
}
export class NotFound extends DomainError {
  constructor(message: string) {
    super(404, message);
  }
}
export class Conflict extends DomainError {
  constructor(message: string) {
    super(409, message);
  }
}
export class TooManyRequests extends DomainError {
  constructor(message: string, retryAfterSeconds: number) {
    super(429, message, { 'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))) });
  }
}

/** A store on the request path did not answer in time: the client should retry shortly, never wait on a hang. */
export class ServiceUnavailable extends DomainError {
  constructor(message: string, retryAfterSeconds: number) {
    super(503, message, { 'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))) });
  }
}

/** A rule's refusal (shared/src/domain) as the error the handler answers with. */
export function refusalError(refusal: Refusal): DomainError {
  return new DomainError(REFUSAL_STATUS[refusal.code], refusal.message);
}
