import { randomBytes } from 'node:crypto';

const CROCKFORD = '0123456789abcdefghjkmnpqrstvwxyz';

/** Prefixes of every kind of id Orrery hands out; ids are opaque to clients. */
export type IdPrefix =
  | 'usr'
  | 'ses'
  | 'key'
  | 'led'
  | 'req'
  | 'obj'
  | 'chk'
  | 'mem'
  | 'sig'
  | 'feed'
  | 'whk'
  | 'evt'
  | 'dlv';

// Random bytes are drawn from a pooled buffer: one getrandom call per 409 ids, not one per id.
const POOL_SIZE = 4096;
let pool = randomBytes(POOL_SIZE);
let offset = 0;

function freshRandom(): Uint8Array {
  if (offset + 10 > POOL_SIZE) {
    pool = randomBytes(POOL_SIZE);
    offset = 0;
  }
  const out = Uint8Array.from(pool.subarray(offset, offset + 10));
  offset += 10;
  return out;
}

let lastTime = -1;
let lastRandom: Uint8Array = new Uint8Array(10);

/**
 * `prefix_` + 26 lowercase Crockford base32 characters: 48 bits of millisecond time followed by
 * 80 random bits (the ULID layout). Within one process ids are strictly increasing: a second id
 * in the same millisecond increments the previous random part, so "order by id" is creation order
 * (ledger pages rely on it). Across processes, ids of the same millisecond order arbitrarily.
 */
export function newId(prefix: IdPrefix, now = Date.now()): string {
  let time = now;
  let random: Uint8Array;
  if (time <= lastTime) {
    time = lastTime;
    random = Uint8Array.from(lastRandom);
    for (let i = 9; i >= 0; i--) {
      random[i] = ((random[i] as number) + 1) & 0xff;
      if (random[i] !== 0) break;
    }
  } else {
    random = freshRandom();
  }
  lastTime = time;
  lastRandom = random;

  const chars: string[] = new Array(26);
  let t = time;
  for (let i = 9; i >= 0; i--) {
    chars[i] = CROCKFORD[t % 32] as string;
    t = Math.floor(t / 32);
  }
  // 80 bits → 16 base32 characters, 5 bits at a time.
  let buffer = 0;
  let bits = 0;
  let out = 10;
  for (const byte of random) {
    buffer = (buffer << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      bits -= 5;
      chars[out++] = CROCKFORD[(buffer >> bits) & 31] as string;
    }
    buffer &= (1 << bits) - 1;
  }
  return `${prefix}_${chars.join('')}`;
}

export function isId(value: string, prefix: IdPrefix): boolean {
  return (
    value.length === prefix.length + 27 &&
    value.startsWith(`${prefix}_`) &&
    /^[0-9a-hjkmnp-tv-z]{26}$/.test(value.slice(prefix.length + 1))
  );
}
