import { hash, verify } from '@node-rs/argon2';

// OWASP's argon2id baseline (19 MiB, 2 passes); @node-rs/argon2 hashes on the libuv pool, off the event loop.
const OPTIONS = { algorithm: 2 /* Algorithm.Argon2id: a const enum, not importable here */, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

let decoyHash: Promise<string> | undefined;

/** Verifies against `stored`, or against a decoy when there is no user, so both take the same time. */
export async function verifyPassword(stored: string | undefined, password: string): Promise<boolean> {
  decoyHash ??= hashPassword('decoy-password-for-timing');
  const target = stored ?? (await decoyHash);
  try {
    const matches = await verify(target, password);
    return matches && stored !== undefined;
  } catch {
    return false; // a malformed stored hash never matches
  }
}
