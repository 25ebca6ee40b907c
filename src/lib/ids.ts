import { randomBytes } from 'node:crypto';

const CROCKFORD = '0123456789abcdefghjkmnpqrstvwxyz';

/** Prefixes of every kind of id Orrery hands out; ids are opaque to clients. */
export type IdPrefix = 'usr' | 'ses' | 'key' | 'led' | 'req' | 'obj' | 'chk' | 'mem' | 'sig' | 'feed' | 'whk';

/**
 * `prefix_` + 26 lowercase Crockford base32 characters: 48 bits of millisecond time followed by
 * 80 random bits (the ULID layout), so ids sort by creation time and never repeat in practice.
 */
export function newId(prefix: IdPrefix, now = Date.now()): string {
  let time = now;
  const chars: string[] = new Array(26);
  for (let i = 9; i >= 0; i--) {
    chars[i] = CROCKFORD[time % 32] as string;
    time = Math.floor(time / 32);
  }
  const random = randomBytes(10);
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
