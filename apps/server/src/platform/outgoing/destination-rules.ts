import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import type { LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * Where the server may send requests on a user's behalf (a notification URL from a client event).
 * Production: https only, and only to public unicast addresses, checked on the addresses the
 * connection really uses (a DNS answer cannot rebind around it). Local mode talks to the dev host on
 * loopback over http, so it allows both.
 */
export interface DestinationRules {
  production: boolean;
  /** Where names are resolved: the system's DNS (a test answers as a hostile DNS server would). */
  resolve?: typeof dnsLookup;
}

export class DestinationRefused extends Error {
  override name = 'DestinationRefused';
}

/** Whether an address is a public unicast one (not private, loopback, link-local, multicast, reserved…). */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) {
    parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  }
  return parsed.range() === 'unicast';
}

/** The URL's own problems (scheme, an address literal), before any connection; null when it may be tried. */
export function destinationProblem(rawUrl: string, rules: DestinationRules): string | null {
  let url: URL;
  try {
    url = new URL(rawUrl);
  } catch {
    return 'not a URL';
  }
  if (url.username || url.password) return 'a URL with credentials';
  if (rules.production) {
    if (url.protocol !== 'https:') return 'not an https URL';
    const host = url.hostname.replace(/^\[|\]$/g, '');
    if (ipaddr.isValid(host) && !isPublicAddress(host)) return 'a private, loopback or reserved address';
    if (host === 'localhost' || host.endsWith('.localhost')) return 'a loopback host';
  } else if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    return 'not an http(s) URL';
  }
  return null;
}

/**
 * A DNS lookup for `http(s).request` that, in production, fails the connection when any address the
 * name resolves to is not public.
 */
export function checkedLookup(rules: DestinationRules): LookupFunction {
  return (hostname, options, callback) => {
    (rules.resolve ?? dnsLookup)(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
      if (error) return callback(error, '', 0);
      const refused = rules.production ? addresses.find((entry) => !isPublicAddress(entry.address)) : undefined;
      if (refused) {
        return callback(new DestinationRefused(`${hostname} resolves to a non-public address`), '', 0);
      }
      if (options.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, addresses);
      const [first] = addresses;
      if (!first) return callback(new DestinationRefused(`${hostname} has no address`), '', 0);
      callback(null, first.address, first.family);
    });
  };
}
