import type { LookupAddress } from 'node:dns';
import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';

/**
 * The guard on every connection Orrery opens to an address someone else chose (Council feeds,
 * webhook endpoints): what an IP address is, and a DNS lookup that refuses non-public ones.
 */

/** What an IP address is, as far as connecting to it goes. Only `public` may be reached. */
export type AddressClass =
  | 'public'
  | 'unspecified'
  | 'loopback'
  | 'private'
  | 'link-local'
  | 'unique-local'
  | 'cgnat'
  | 'multicast'
  | 'reserved'
  | 'invalid';

type V4Rule = readonly [base: number, bits: number, kind: AddressClass];

function v4(text: string): number {
  const parts = text.split('.').map(Number);
  return (((parts[0] ?? 0) << 24) | ((parts[1] ?? 0) << 16) | ((parts[2] ?? 0) << 8) | (parts[3] ?? 0)) >>> 0;
}

/** IPv4 ranges that are not the public internet (IANA special-purpose registry), most specific first. */
const V4_RULES: readonly V4Rule[] = [
  [v4('0.0.0.0'), 8, 'unspecified'],
  [v4('10.0.0.0'), 8, 'private'],
  [v4('100.64.0.0'), 10, 'cgnat'],
  [v4('127.0.0.0'), 8, 'loopback'],
  [v4('169.254.0.0'), 16, 'link-local'],
  [v4('172.16.0.0'), 12, 'private'],
  [v4('192.0.0.0'), 24, 'reserved'],
  [v4('192.0.2.0'), 24, 'reserved'],
  [v4('192.88.99.0'), 24, 'reserved'],
  [v4('192.168.0.0'), 16, 'private'],
  [v4('198.18.0.0'), 15, 'reserved'],
  [v4('198.51.100.0'), 24, 'reserved'],
  [v4('203.0.113.0'), 24, 'reserved'],
  [v4('224.0.0.0'), 4, 'multicast'],
  [v4('240.0.0.0'), 4, 'reserved'],
];

function classifyV4Number(value: number): AddressClass {
  for (const [base, bits, kind] of V4_RULES) {
    const mask = bits === 0 ? 0 : (0xffffffff << (32 - bits)) >>> 0;
    if ((value & mask) >>> 0 === base) return kind;
  }
  return 'public';
}

/** The eight 16-bit groups of an IPv6 address (zone id dropped, embedded dotted quad folded in). */
export function parseIPv6(text: string): number[] | null {
  let address = text.split('%')[0] ?? '';
  if (isIP(address) !== 6) return null;
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(address);
  if (dotted?.[1]) {
    const n = v4(dotted[1]);
    address = `${address.slice(0, -dotted[1].length)}${(n >>> 16).toString(16)}:${(n & 0xffff).toString(16)}`;
  }
  const [head = '', tail] = address.split('::');
  const headGroups = head === '' ? [] : head.split(':');
  const tailGroups = tail === undefined || tail === '' ? [] : tail.split(':');
  const missing = 8 - headGroups.length - tailGroups.length;
  if (tail === undefined ? missing !== 0 : missing < 0) return null;
  const groups = [
    ...headGroups,
    ...new Array<string>(tail === undefined ? 0 : missing).fill('0'),
    ...tailGroups,
  ];
  return groups.map((g) => Number.parseInt(g, 16));
}

function embeddedV4(groups: readonly number[], high: number, low: number): AddressClass {
  return classifyV4Number((((groups[high] ?? 0) << 16) | (groups[low] ?? 0)) >>> 0);
}

function classifyV6(groups: readonly number[]): AddressClass {
  const [g0 = 0, g1 = 0, g2 = 0, g3 = 0, g4 = 0, g5 = 0, g6 = 0, g7 = 0] = groups;
  const zeroUpTo5 = g0 === 0 && g1 === 0 && g2 === 0 && g3 === 0 && g4 === 0;
  if (zeroUpTo5 && g5 === 0 && g6 === 0 && g7 === 0) return 'unspecified';
  if (zeroUpTo5 && g5 === 0 && g6 === 0 && g7 === 1) return 'loopback';
  // ::ffff:a.b.c.d (IPv4-mapped) reaches the IPv4 address itself; judge that address.
  if (zeroUpTo5 && g5 === 0xffff) return embeddedV4(groups, 6, 7);
  // ::a.b.c.d (deprecated IPv4-compatible) and ::ffff:0:a.b.c.d (IPv4-translated).
  if (zeroUpTo5 && g5 === 0) return embeddedV4(groups, 6, 7);
  if (g0 === 0 && g1 === 0 && g2 === 0 && g3 === 0 && g4 === 0xffff && g5 === 0)
    return embeddedV4(groups, 6, 7);
  // 64:ff9b::/96 (NAT64) and 64:ff9b:1::/48 (local NAT64) reach the embedded IPv4 address.
  if (g0 === 0x64 && g1 === 0xff9b && g2 === 0 && g3 === 0 && g4 === 0 && g5 === 0) {
    return embeddedV4(groups, 6, 7);
  }
  if (g0 === 0x64 && g1 === 0xff9b && g2 === 1) return 'reserved';
  // 2002::/16 (6to4) carries the IPv4 address in groups 1 and 2.
  if (g0 === 0x2002) return embeddedV4(groups, 1, 2);
  if ((g0 & 0xfe00) === 0xfc00) return 'unique-local';
  if ((g0 & 0xffc0) === 0xfe80) return 'link-local';
  // fec0::/10, site-local: deprecated, but still private where it is configured.
  if ((g0 & 0xffc0) === 0xfec0) return 'private';
  if ((g0 & 0xff00) === 0xff00) return 'multicast';
  if (g0 === 0x100 && g1 === 0 && g2 === 0 && g3 === 0) return 'reserved';
  // 2001::/23 holds Teredo (2001::/32), benchmarking and ORCHID; 2001:db8::/32 is documentation.
  if (g0 === 0x2001 && g1 < 0x200) return 'reserved';
  if (g0 === 0x2001 && g1 === 0xdb8) return 'reserved';
  // 3fff::/20 is documentation too; anything outside 2000::/3 is not globally routed unicast.
  if (g0 === 0x3fff && (g1 & 0xf000) === 0) return 'reserved';
  if ((g0 & 0xe000) !== 0x2000) return 'reserved';
  return 'public';
}

/** Classifies an IPv4 or IPv6 address literal. */
export function classifyAddress(address: string): AddressClass {
  const version = isIP(address.split('%')[0] ?? '');
  if (version === 4) return classifyV4Number(v4(address));
  if (version === 6) {
    const groups = parseIPv6(address);
    return groups === null ? 'invalid' : classifyV6(groups);
  }
  return 'invalid';
}

export function isPublicAddress(address: string): boolean {
  return classifyAddress(address) === 'public';
}

export class BlockedHostError extends Error {
  constructor(
    readonly host: string,
    readonly address: string,
    readonly kind: AddressClass,
  ) {
    super(`refused ${host}: it resolves to ${address} (${kind})`);
    this.name = 'BlockedHostError';
  }
}

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/**
 * Resolves a host name to every address it has and refuses it if any of them is not public
 * (unless private hosts are allowed). Refusing on *any* bad address, not just the first, keeps a
 * name with one public and one internal record from reaching the internal one on a retry.
 */
export async function resolveAllowed(host: string, allowPrivate: boolean): Promise<ResolvedAddress[]> {
  const bare = host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host;
  const literal = isIP(bare);
  const addresses: ResolvedAddress[] =
    literal !== 0
      ? [{ address: bare, family: literal as 4 | 6 }]
      : (await lookup(bare, { all: true, verbatim: true })).map((a) => ({
          address: a.address,
          family: a.family as 4 | 6,
        }));
  if (addresses.length === 0) throw new Error(`${host} has no addresses`);
  if (!allowPrivate) {
    for (const { address } of addresses) {
      const kind = classifyAddress(address);
      if (kind !== 'public') throw new BlockedHostError(host, address, kind);
    }
  }
  return addresses;
}

export type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

/**
 * A `lookup` for `net.connect` (an http(s) agent's or undici's `connect` option) that resolves
 * through `resolveAllowed`: the socket opens to an address that was just checked, so a DNS answer
 * that changes between a check and the connect (rebinding) cannot slip an internal address in.
 */
export function guardedLookup(allowPrivate: boolean) {
  return (hostname: string, options: { all?: boolean }, callback: LookupCallback): void => {
    resolveAllowed(hostname, allowPrivate).then(
      (addresses) => {
        if (options.all) callback(null, addresses);
        else callback(null, addresses[0]?.address ?? '', addresses[0]?.family ?? 4);
      },
      (error: NodeJS.ErrnoException) => callback(error, []),
    );
  };
}
