// Routes declare their contracts (body, params, query, responses) with the shared zod schemas. Requests are parsed by
// them before a handler runs, answers are checked against them on the way out, and the OpenAPI document at /api-docs
// is generated from the same schemas, so the documentation cannot drift from what the server does.
import type { FastifyInstance, FastifySerializerCompiler } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { ResponseSerializationError, jsonSchemaTransform, validatorCompiler } from 'fastify-type-provider-zod';
import { $ZodType, safeEncode } from 'zod/v4/core';
import { guardText } from './text-guard.js';

export const API_DOCS_PATH = '/api-docs';

type Transform = typeof jsonSchemaTransform;

/** Routes outside the zod scope (the queue dashboard, the docs themselves, static files) are left out of the document. */
const zodRoutesOnly: Transform = (document) => {
  const s = (document.schema ?? {}) as Record<string, unknown> & { response?: Record<string, unknown> };
  const parts = [s.body, s.querystring, s.params, s.headers, ...Object.values(s.response ?? {})];
  const foreign = parts.some((p) => p !== undefined && !(p instanceof $ZodType));
  return foreign ? { schema: { hide: true }, url: document.url } : jsonSchemaTransform(document);
};

export async function registerApiDocs(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Car auction marketplace API',
        description:
          'Every route of the marketplace. Writes need a session cookie (`sid`, or `admin_sid` for /api/admin) and, from a browser, an allowed Origin. ' +
          'Errors answer `{ "error": "...", "issues"?: [{ "path": [...], "message": "..." }] }`. Live events arrive over Socket.IO (see the project docs).',
        version: '1.0.0',
      },
      components: {
        securitySchemes: {
          session: { type: 'apiKey', in: 'cookie', name: 'sid' },
          adminSession: { type: 'apiKey', in: 'cookie', name: 'admin_sid' },
        },
      },
    },
    transform: zodRoutesOnly,
  });
  await app.register(swaggerUi, { routePrefix: API_DOCS_PATH });
}

/** Keys the handler answered that the schema does not declare (zod drops them silently; strict mode refuses them). */
export function undeclaredKeys(input: unknown, output: unknown, path = ''): string[] {
  const at = (k: string | number) => (path === '' ? String(k) : `${path}.${k}`);
  if (Array.isArray(input) && Array.isArray(output))
    return input.flatMap((v, i) => undeclaredKeys(v, output[i], at(i)));
  if (isPlainObject(input) && isPlainObject(output)) {
    return Object.keys(input).flatMap((k) => {
      if (input[k] === undefined) return [];
      return k in output ? undeclaredKeys(input[k], output[k], at(k)) : [at(k)];
    });
  }
  return [];
}

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v) && Object.getPrototypeOf(v) === Object.prototype;

/**
 * Answers are encoded by their response schema. With `strict` (tests), an answer carrying a field its schema lacks is
 * an error rather than a silent strip, so a route and its contract cannot drift apart unnoticed.
 */
export function responseSerializer(strict: boolean): FastifySerializerCompiler<unknown> {
  return ({ schema, method, url }) => {
    if (!(schema instanceof $ZodType)) return (data) => JSON.stringify(data);
    return (data) => {
      const result = safeEncode(schema, data);
      if (result.error) throw new ResponseSerializationError(method, url, { cause: result.error });
      if (strict) {
        const extra = undeclaredKeys(data, result.data);
        if (extra.length > 0)
          throw new Error(`${method} ${url} answered fields its response schema lacks: ${extra.join(', ')}`);
      }
      return JSON.stringify(result.data);
    };
  };
}

/** Sets the zod compilers on a scope: every route registered inside it is parsed and answered by its contract. */
export function useZodContracts(scope: FastifyInstance, strictResponses: boolean): void {
  guardText(scope);
  scope.setValidatorCompiler(validatorCompiler);
  scope.setSerializerCompiler(responseSerializer(strictResponses));
}
