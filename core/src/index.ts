// @app/core: the server's use cases, one folder per domain, each entered through its index.ts (`@app/core/escrow`).
export {
  Conflict,
  DomainError,
  Forbidden,
  Invalid,
  NotFound,
  ServiceUnavailable,
  TooManyRequests,
  Unauthorized,
  refusalError,
} from './errors.js';
