// The token of a sign-up confirmation link: the attempt's id, signed, so only the mail sent to the address can
// confirm it. Its payload is prefixed so no other signed link can pass for one.
import { mac, macMatches } from './signed-token.js';

const payloadOf = (attemptId: number) => `sign-up:${attemptId}`;

export const signSignUp = (key: string, attemptId: number): string => `${attemptId}.${mac(key, payloadOf(attemptId))}`;

/** The attempt a token names, or null when it was not signed with this key. */
export function verifySignUp(key: string, token: string): number | null {
  const m = /^(\d{1,9})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!m) return null;
  const id = Number(m[1]);
  return macMatches(key, payloadOf(id), m[2]!) ? id : null;
}
