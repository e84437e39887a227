import { sql } from 'kysely';
import { z } from 'zod';
import type { Db } from '../db/database.ts';
import { type NeynarOptions, neynarHttp } from './neynar-http.ts';

/** The Farcaster account a wallet address signs in as. */
export interface AddressAccount {
  fid: number;
  username: string;
}

/**
 * Finds the Farcaster account that holds (custody) or has verified an Ethereum address: the local
 * social network's accounts locally, Neynar in production.
 */
export interface AccountsByAddress {
  /**
   * null when no account holds or has verified the address. Several can (one custody holder, any
   * number of verifiers): the custody holder wins, then the account whose primary verified address
   * it is, then the lowest fid, so the same wallet always signs in as the same account.
   */
  accountFor(address: `0x${string}`): Promise<AddressAccount | null>;
}

/** Local mode: the local network's accounts, which have custody addresses (the dev host's wallets) only. */
export function localAccountsByAddress(db: Db): AccountsByAddress {
  return {
    async accountFor(address) {
      const row = await db
        .selectFrom('social_accounts')
        .select(['fid', 'username'])
        .where(sql`lower(custody_address)`, '=', address.toLowerCase())
        .orderBy('fid')
        .limit(1)
        .executeTakeFirst();
      return row ? { fid: Number(row.fid), username: row.username } : null;
    },
  };
}

/** The parts of Neynar's v2 user object this lookup reads. */
const addressUserSchema = z.object({
  fid: z.number().int().positive(),
  username: z.string(),
  custody_address: z.string().nullish(),
  verified_addresses: z
    .object({
      eth_addresses: z.array(z.string()).nullish(),
      primary: z.object({ eth_address: z.string().nullish() }).nullish(),
    })
    .nullish(),
});
type AddressUser = z.infer<typeof addressUserSchema>;

/** bulk-by-address answers `{ [address, lower case]: User[] }`. */
const usersByAddressSchema = z.record(z.string(), z.array(addressUserSchema));

/**
 * Production: Neynar's user-by-address lookup
 * (https://docs.neynar.com/reference/fetch-bulk-users-by-eth-or-sol-address). A NeynarError when
 * Neynar cannot answer; its own 404 (no user for the address) is null.
 */
export function neynarAccountsByAddress(options: NeynarOptions): AccountsByAddress {
  const neynar = neynarHttp(options);
  return {
    async accountFor(address) {
      const wanted = address.toLowerCase();
      const body = await neynar.lookup(
        {
          path: '/v2/farcaster/user/bulk-by-address/',
          query: { addresses: wanted, address_types: 'custody_address,verified_address' },
          schema: usersByAddressSchema,
        },
        // The spec's "no user for these addresses"; a 400 (our query refused) is an error.
        [404],
      );
      const users = Object.entries(body ?? {})
        .filter(([key]) => key.toLowerCase() === wanted)
        .flatMap(([, found]) => found)
        // Neynar answers users that hold or verified the address; checked again rather than trusted.
        .filter((user) => holds(user, wanted) || verified(user, wanted));
      const chosen = users.sort((a, b) => rank(a, wanted) - rank(b, wanted) || a.fid - b.fid)[0];
      return chosen ? { fid: chosen.fid, username: chosen.username } : null;
    },
  };
}

const holds = (user: AddressUser, address: string) => user.custody_address?.toLowerCase() === address;
const verified = (user: AddressUser, address: string) =>
  (user.verified_addresses?.eth_addresses ?? []).some((verifiedAddress) => verifiedAddress.toLowerCase() === address);
const isPrimary = (user: AddressUser, address: string) =>
  user.verified_addresses?.primary?.eth_address?.toLowerCase() === address;

/** 0: holds it (custody), 1: its primary verified address, 2: one of its verified addresses. */
function rank(user: AddressUser, address: string): number {
  if (holds(user, address)) return 0;
  return isPrimary(user, address) ? 1 : 2;
}
