// Text that no column can hold is refused at the door: a NUL character (Postgres text cannot store it and fails the
// whole statement) or a lone surrogate (not valid UTF-8: it would be stored silently changed). Checked on every parsed
// body, query and path parameter, whatever the route's schema says, so no route can forget it.
import type { FastifyInstance } from 'fastify';
import { Invalid } from '@app/core';

const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const MAX_DEPTH = 64;

/** The path of the first unstorable string, or null; refuses nesting deeper than any of our contracts uses. */
export function findUnstorableText(
  value: unknown,
  path: (string | number)[] = [],
  depth = 0,
): (string | number)[] | null {
  if (depth > MAX_DEPTH) return path;
  if (typeof value === 'string') return UNSTORABLE.test(value) ? path : null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i += 1) {
      const found = findUnstorableText(value[i], [...path, i], depth + 1);
      if (found) return found;
    }
    return null;
  }
  if (value !== null && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      const found = findUnstorableText(k, [...path, k], depth + 1) ?? findUnstorableText(v, [...path, k], depth + 1);
      if (found) return found;
    }
  }
  return null;
}

export function guardText(scope: FastifyInstance): void {
  scope.addHook('preValidation', async (request) => {
    for (const part of [request.params, request.query, request.body]) {
      const at = findUnstorableText(part);
      if (at) {
        throw new Invalid(
          at.length > MAX_DEPTH
            ? 'The request is nested too deeply'
            : `${at.length ? `${at.join('.')}: ` : ''}text may not contain NUL characters or unpaired surrogates`,
        );
      }
    }
  });
}
