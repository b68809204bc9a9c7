// The random tokens of mailed account links and sign-in challenges: 32 random bytes in the link, their SHA-256 in the
// database, so reading the tables does not give anyone a working link.
import { createHash, randomBytes } from 'node:crypto';

export const newAccountToken = () => randomBytes(32).toString('base64url');
export const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');
