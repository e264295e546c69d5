import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { BlockList, isIP } from 'node:net';
import { IntegrationErrors } from '@lexserve/contracts/integrations';
import type { ErrorDef } from '@lexserve/contracts/errors';

/*
 * Server-side request forgery guard for webhook targets. A firm administrator chooses the URL our server will POST to,
 * so the URL must not reach anything behind our firewall: loopback, private and carrier-grade NAT ranges, link-local
 * (where cloud metadata services live: 169.254.169.254, fd00:ec2::254), unique-local IPv6, multicast, reserved and
 * documentation ranges. Checked at registration (the URL's host, or every address its name resolves to) and again at
 * each delivery, on the very address the connection then uses (`pinnedLookup`), so a name that later resolves to an
 * internal address (DNS rebinding) is refused too. IPv4-mapped (::ffff:a.b.c.d), NAT64 (64:ff9b::/96) and 6to4
 * (2002::/16) IPv6 addresses are judged by the IPv4 address they carry.
 */

const blocked = new BlockList();
for (const [net, bits] of [
  ['0.0.0.0', 8], // "this" network
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local, cloud metadata
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.88.99.0', 24], // 6to4 relay anycast
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const)
  blocked.addSubnet(net, bits, 'ipv4');
for (const [net, bits] of [
  ['::', 128], // unspecified
  ['::1', 128], // loopback
  ['100::', 64], // discard
  ['2001::', 23], // IETF protocol assignments (Teredo, ORCHID…)
  ['2001:db8::', 32], // documentation
  ['fc00::', 7], // unique local (fd00:ec2::254, the AWS metadata service, is here)
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated)
  ['ff00::', 8], // multicast
] as const)
  blocked.addSubnet(net, bits, 'ipv6');

/** Expands an IPv6 address to its 8 groups of 16 bits (handles "::" and a dotted IPv4 tail). */
function ipv6Groups(address: string): number[] {
  let text = address.toLowerCase().split('%')[0]!;
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted[1]!.split('.').map(Number) as [number, number, number, number];
    text =
      text.slice(0, -dotted[1]!.length) + `${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.split('::') as [string, string | undefined];
  const parse = (part: string) => (part ? part.split(':').map((g) => parseInt(g, 16)) : []);
  const h = parse(head);
  const t = tail === undefined ? [] : parse(tail);
  return [...h, ...Array(8 - h.length - t.length).fill(0), ...t];
}

const v4Of = (hi: number, lo: number) => `${hi >> 8}.${hi & 0xff}.${lo >> 8}.${lo & 0xff}`;

/** The IPv4 address an IPv6 address carries (IPv4-mapped, IPv4-compatible, NAT64, 6to4), if any. */
function embeddedIpv4(address: string): string | undefined {
  const g = ipv6Groups(address);
  if (g.slice(0, 5).every((x) => x === 0) && (g[5] === 0xffff || g[5] === 0) && (g[6] || g[7]))
    return v4Of(g[6]!, g[7]!);
  if (g[0] === 0x64 && g[1] === 0xff9b && g.slice(2, 6).every((x) => x === 0)) return v4Of(g[6]!, g[7]!);
  if (g[0] === 0x2002) return v4Of(g[1]!, g[2]!);
  return undefined;
}

/** Whether an IP address is on the public internet (false for anything internal, reserved or not an address). */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return !blocked.check(address, 'ipv4');
  if (family !== 6) return false;
  const v4 = embeddedIpv4(address);
  if (v4 !== undefined) return isPublicAddress(v4);
  return !blocked.check(address.split('%')[0]!, 'ipv6');
}

/** Host names that name this machine or a cloud metadata service whatever DNS says (a trailing dot changes nothing). */
const INTERNAL_NAMES =
  /^(localhost|.*\.localhost|localhost\.localdomain|metadata|metadata\.google\.internal|.*\.internal)\.?$/i;

export type TargetPolicy = { allowPrivate: boolean };

/** A refusal of a target, with the catalogue's words. */
export class TargetRefused extends Error {
  constructor(readonly error: ErrorDef) {
    super(error.message);
  }
}

/** The host of a URL as an address when it is one ("[::1]" → "::1"), else undefined. */
const literalAddress = (hostname: string): string | undefined => {
  const bare = hostname.replace(/^\[|\]$/g, '');
  return isIP(bare) ? bare : undefined;
};

/** Checks the form of an endpoint URL: https (http only where private targets are allowed), no credentials. */
function assertTargetUrlForm(url: URL, policy: TargetPolicy): void {
  const schemes = policy.allowPrivate ? ['https:', 'http:'] : ['https:'];
  if (!schemes.includes(url.protocol) || url.username || url.password)
    throw new TargetRefused(IntegrationErrors.WEBHOOK_URL_INVALID);
}

const resolveAll = (hostname: string): Promise<LookupAddress[]> =>
  new Promise((resolve, reject) =>
    dnsLookup(hostname, { all: true, verbatim: true }, (err, addresses) =>
      err ? reject(err) : resolve(addresses),
    ),
  );

/**
 * Checks an endpoint URL at registration: its form, then its host — the literal address, or every address the name
 * resolves to now (one internal address is enough to refuse it).
 */
export async function assertPublicTarget(url: URL, policy: TargetPolicy): Promise<void> {
  assertTargetUrlForm(url, policy);
  if (policy.allowPrivate) return;
  const literal = literalAddress(url.hostname);
  if (literal !== undefined) {
    if (!isPublicAddress(literal)) throw new TargetRefused(IntegrationErrors.WEBHOOK_URL_NOT_PUBLIC);
    return;
  }
  if (INTERNAL_NAMES.test(url.hostname)) throw new TargetRefused(IntegrationErrors.WEBHOOK_URL_NOT_PUBLIC);
  let addresses: LookupAddress[];
  try {
    addresses = await resolveAll(url.hostname);
  } catch {
    throw new TargetRefused(IntegrationErrors.WEBHOOK_URL_UNRESOLVABLE);
  }
  if (!addresses.length) throw new TargetRefused(IntegrationErrors.WEBHOOK_URL_UNRESOLVABLE);
  if (addresses.some((a) => !isPublicAddress(a.address)))
    throw new TargetRefused(IntegrationErrors.WEBHOOK_URL_NOT_PUBLIC);
}

type LookupCallback = (
  err: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

/**
 * A `lookup` for http.request: resolves the name and refuses the connection unless every address is public, so the
 * connection is made to an address that was checked (no second, unchecked resolution in between).
 */
export function pinnedLookup(policy: TargetPolicy) {
  return (hostname: string, options: { all?: boolean; family?: number }, callback: LookupCallback): void => {
    if (!policy.allowPrivate && INTERNAL_NAMES.test(hostname)) {
      callback(
        Object.assign(new Error(IntegrationErrors.WEBHOOK_URL_NOT_PUBLIC.message), {
          code: 'ETARGETREFUSED',
        }),
        '',
      );
      return;
    }
    resolveAll(hostname).then(
      (addresses) => {
        if (!addresses.length)
          return callback(Object.assign(new Error('no address'), { code: 'ENOTFOUND' }), '');
        if (!policy.allowPrivate && addresses.some((a) => !isPublicAddress(a.address)))
          return callback(
            Object.assign(new Error(IntegrationErrors.WEBHOOK_URL_NOT_PUBLIC.message), {
              code: 'ETARGETREFUSED',
            }),
            '',
          );
        if (options.all) return callback(null, addresses);
        const first = addresses[0]!;
        callback(null, first.address, first.family);
      },
      (err: NodeJS.ErrnoException) => callback(err, ''),
    );
  };
}

/** Refuses, before connecting, a delivery whose URL names an internal address literally (lookup is skipped for those). */
export function assertLiteralTargetAllowed(url: URL, policy: TargetPolicy): void {
  if (policy.allowPrivate) return;
  const literal = literalAddress(url.hostname);
  if (literal !== undefined && !isPublicAddress(literal))
    throw new TargetRefused(IntegrationErrors.WEBHOOK_URL_NOT_PUBLIC);
}
