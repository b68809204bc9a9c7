// What crosses into the browser (an HTTP answer, a socket payload, an acknowledgement) is parsed by its shared schema
// before anything uses it. A payload that does not match is logged and dropped: it is never rendered.

/** Any schema that can check an unknown value: every zod schema in @app/shared is one. */
export interface Schema<T> {
  safeParse(value: unknown): { success: true; data: T } | { success: false; error: { issues: readonly unknown[] } };
}

/** The parsed value, or undefined (and a warning naming what was dropped) when it does not match its schema. */
export function parseOrWarn<T>(schema: Schema<T>, value: unknown, what: string): T | undefined {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  console.warn(`ignored a malformed ${what}`, parsed.error.issues);
  return undefined;
}

/**
 * What a shared request schema accepts: a body as it travels, before the server parses it (money as decimal strings).
 * Request functions state their body with it, so a body that strays from its contract does not compile.
 */
export type BodyOf<S extends { _zod: { input: unknown } }> = S['_zod']['input'];
