import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { crc32 } from 'node:zlib';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const BODY_LENGTH = 43; // 43 × log2(62) ≈ 256.0 bits
const CHECKSUM_LENGTH = 6; // 62^6 > 2^32, so a CRC-32 always fits
const KEY_PATTERN = /^orr_[0-9A-Za-z]{43}_[0-9A-Za-z]{6}$/;

function randomBase62(length: number): string {
  let out = '';
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      // 248 = 4 × 62: rejecting the top bytes keeps every character equally likely.
      if (byte < 248) out += BASE62[byte % 62];
      if (out.length === length) break;
    }
  }
  return out;
}

function checksum(payload: string): string {
  let value = crc32(payload);
  let out = '';
  for (let i = 0; i < CHECKSUM_LENGTH; i++) {
    out = BASE62[value % 62] + out;
    value = Math.floor(value / 62);
  }
  return out;
}

/** A new raw key: `orr_` + 43 random base62 characters + `_` + a 6-character checksum. */
export function generateRawKey(): string {
  const payload = `orr_${randomBase62(BODY_LENGTH)}`;
  return `${payload}_${checksum(payload)}`;
}

/**
 * True when `raw` has the shape and checksum of an Orrery key. Anything else is refused before a
 * database or cache is consulted: typos and made-up keys cost one regex and one CRC.
 */
export function isWellFormedKey(raw: string): boolean {
  if (raw.length !== 4 + BODY_LENGTH + 1 + CHECKSUM_LENGTH || !KEY_PATTERN.test(raw)) return false;
  const payload = raw.slice(0, 4 + BODY_LENGTH);
  const given = raw.slice(4 + BODY_LENGTH + 1);
  return timingSafeEqual(Buffer.from(checksum(payload)), Buffer.from(given));
}

/** The display prefix kept on the record: `orr_` + the first 6 random characters. */
export function displayPrefix(raw: string): string {
  return raw.slice(0, 10);
}

export function hashKey(raw: string): string {
  return createHash('sha256').update(raw).digest('hex');
}

/** Constant-time comparison of two hex digests of equal length. */
export function sameHash(a: string, b: string): boolean {
  return a.length === b.length && timingSafeEqual(Buffer.from(a, 'hex'), Buffer.from(b, 'hex'));
}
