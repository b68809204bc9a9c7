// TOTP codes (RFC 6238 over RFC 4226's HOTP): HMAC-SHA1 of the time step, dynamically truncated to 6 digits. Small
// enough to keep here on node:crypto; which steps a code may match is the shared rule (candidateSteps).
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { TOTP_DIGITS, TOTP_STEP_SECONDS, candidateSteps } from '@app/shared';

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

export function base32Encode(bytes: Buffer): string {
  let bits = 0;
  let value = 0;
  let out = '';
  for (const b of bytes) {
    value = (value << 8) | b;
    bits += 8;
    while (bits >= 5) {
      out += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += BASE32[(value << (5 - bits)) & 31];
  return out;
}

export function base32Decode(text: string): Buffer {
  const clean = text.replace(/[\s=]/g, '').toUpperCase();
  let bits = 0;
  let value = 0;
  const out: number[] = [];
  for (const c of clean) {
    const i = BASE32.indexOf(c);
    if (i < 0) throw new Error('not base32');
    value = (value << 5) | i;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}

/** A new secret: 20 random bytes (160 bits, RFC 4226's recommendation), as the base32 apps take. */
export const newTotpSecret = () => base32Encode(randomBytes(20));

/** The code of one time step. */
export function hotp(secret: Buffer, counter: number): string {
  const msg = Buffer.alloc(8);
  msg.writeBigUInt64BE(BigInt(counter));
  const mac = createHmac('sha1', secret).update(msg).digest();
  const offset = mac[mac.length - 1]! & 0x0f;
  const n = mac.readUInt32BE(offset) & 0x7fffffff;
  return String(n % 10 ** TOTP_DIGITS).padStart(TOTP_DIGITS, '0');
}

export const totpAt = (secretBase32: string, unixMs: number) =>
  hotp(base32Decode(secretBase32), Math.floor(unixMs / 1000 / TOTP_STEP_SECONDS));

/** The step a code matched (to be remembered, so it is not accepted again), or null. */
export function matchTotp(
  secretBase32: string,
  code: string,
  nowStep: number,
  lastUsedStep: number | null,
): number | null {
  const secret = base32Decode(secretBase32);
  for (const step of candidateSteps(nowStep, lastUsedStep)) {
    if (timingSafeEqual(Buffer.from(hotp(secret, step)), Buffer.from(code.padEnd(TOTP_DIGITS).slice(0, TOTP_DIGITS))))
      return step;
  }
  return null;
}

/** What an authenticator app scans (as a QR code) or opens (as a link): the key and whose account it is. */
export function otpauthUri(secretBase32: string, account: string): string {
  const label = encodeURIComponent(`CarBid:${account}`);
  return `otpauth://totp/${label}?secret=${secretBase32}&issuer=CarBid&algorithm=SHA1&digits=${TOTP_DIGITS}&period=${TOTP_STEP_SECONDS}`;
}
