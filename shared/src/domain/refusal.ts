// Why a rule said no, as a value: the domain modules return refusals, the API turns the code into an HTTP status and
// the page shows the message as it is.

export const REFUSAL_CODES = ['invalid', 'unauthorized', 'forbidden', 'not-found', 'conflict'] as const;
export type RefusalCode = (typeof REFUSAL_CODES)[number];

export interface Refusal {
  code: RefusalCode;
  message: string;
}

export type Verdict = { ok: true } | { ok: false; refusal: Refusal };

export const ALLOWED: Verdict = { ok: true };
export const refuse = (code: RefusalCode, message: string): Verdict => ({ ok: false, refusal: { code, message } });

/** The HTTP status each refusal code maps to, in one place for every server. */
export const REFUSAL_STATUS: Record<RefusalCode, number> = {
  invalid: 400,
  unauthorized: 401,
  forbidden: 403,
  'not-found': 404,
  conflict: 409,
};
