// Signed links in mails (unsubscribe, sign-up confirmation): an HMAC over the payload with a key kept in the database
// (made on first use), so the workers that sign and the API that checks share it without configuration.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Sql } from 'postgres';

const KEY_NAME = 'unsubscribe-signing-key';

export async function signingKey(sql: Sql): Promise<string> {
  await sql`insert into app_secrets (name, value) values (${KEY_NAME}, ${randomBytes(32).toString('hex')}) on conflict (name) do nothing`;
  const [row] = await sql<{ value: string }[]>`select value from app_secrets where name = ${KEY_NAME}`;
  return row!.value;
}

/** The key for checking a link: none before the first link was signed, and checking never makes one (nothing is stored for a refused link). */
export async function existingSigningKey(sql: Sql): Promise<string | null> {
  const [row] = await sql<{ value: string }[]>`select value from app_secrets where name = ${KEY_NAME}`;
  return row?.value ?? null;
}

/** The MAC of a payload: 43 base64url characters. */
export const mac = (key: string, payload: string) => createHmac('sha256', key).update(payload).digest('base64url');

/** Whether `given` is the MAC of `payload`, compared in constant time. */
export function macMatches(key: string, payload: string, given: string): boolean {
  const expected = Buffer.from(mac(key, payload));
  const actual = Buffer.from(given);
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}
