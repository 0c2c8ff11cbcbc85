import { hash, verify } from '@node-rs/argon2';
import { dictionary } from '@zxcvbn-ts/language-common';

/** OWASP's first Argon2id row: m = 19 MiB, t = 2, p = 1. */
// algorithm 2 = Argon2id (a const enum that verbatimModuleSyntax cannot import)
const OPTIONS = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string): Promise<string> => hash(password, OPTIONS);

// verified against for unknown e-mails so that both paths cost the same (no enumeration by timing)
let dummyHash: Promise<string> | null = null;

export async function verifyPassword(storedHash: string | null, password: string): Promise<boolean> {
  if (!storedHash) {
    dummyHash ??= hashPassword('dummy-password-for-timing-Equalisation');
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  try {
    return await verify(storedHash, password);
  } catch {
    return false;
  }
}

/** True when the stored hash was made with other parameters than today's (rehash on login). */
export const needsRehash = (storedHash: string): boolean =>
  !storedHash.startsWith('$argon2id$v=19$m=19456,t=2,p=1$');

/** The 3,000 most common passwords (ASVS 6.2.4), from the zxcvbn-ts frequency list, lower-cased. */
const COMMON = new Set(
  ((dictionary as Record<string, string[]>)['passwords-common'] ?? [])
    .slice(0, 3000)
    .map((p) => p.toLowerCase()),
);

/** True for a password on the top-3,000 list (compared without case: "Password1" counts). */
export const isCommonPassword = (password: string): boolean => COMMON.has(password.toLowerCase());
