import { hash, verify } from '@node-rs/argon2';

// Argon2id (the library's default algorithm) at OWASP's baseline: 19 MiB, 2 passes, 1 lane.
const OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword(stored: string, password: string): Promise<boolean> {
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/** Spends the time of one verification so that an unknown email answers as slowly as a known one. */
export async function burnVerification(password: string): Promise<void> {
  dummyHash ??= hashPassword('orrery-timing-equaliser');
  await verifyPassword(await dummyHash, password);
}
