import { hash, verify } from '@node-rs/argon2';

// The package's Algorithm is a const enum, which isolated modules cannot read; 2 is its Argon2id.
const ARGON2ID = 2;

// OWASP's argon2id baseline (19 MiB, 2 passes); verify() reads the parameters back from the stored string.
const OPTIONS = { algorithm: ARGON2ID, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

/** A fixed hash to verify against when the account does not exist, so both failures take the same time. */
let decoy: Promise<string> | undefined;

export async function verifyPassword(stored: string | null, password: string): Promise<boolean> {
  if (!stored) {
    decoy ??= hashPassword('decoy-password-for-timing');
    await verify(await decoy, password).catch(() => false);
    return false;
  }
  return verify(stored, password).catch(() => false);
}
