import { hash, verify } from '@node-rs/argon2';

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
