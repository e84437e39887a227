import { z } from 'zod';
import type { FarcasterData } from './farcaster-data.ts';
import { type NeynarOptions, neynarHttp } from './neynar-http.ts';

/** The parts of Neynar's v2 user object we read (https://docs.neynar.com/reference/fetch-bulk-users). */
const neynarUserSchema = z.object({
  fid: z.number().int(),
  username: z.string(),
  display_name: z.string().nullish(),
  pfp_url: z.string().nullish(),
  custody_address: z.string(),
  verified_addresses: z.object({ eth_addresses: z.array(z.string()).nullish() }).nullish(),
  profile: z.object({ bio: z.object({ text: z.string().nullish() }).nullish() }).nullish(),
  // The user's quality score (OpenAPI User: `score`; earlier `experimental.neynar_user_score`).
  score: z.number().nullish(),
  experimental: z.object({ neynar_user_score: z.number().nullish() }).nullish(),
});
const bulkUsersSchema = z.object({ users: z.array(neynarUserSchema) });

/** The user's quality score when Neynar gives one (the reply filter reads it); absent otherwise. */
function qualityScoreOf(user: z.infer<typeof neynarUserSchema>): { score?: number } {
  const score = user.score ?? user.experimental?.neynar_user_score;
  return typeof score === 'number' ? { score } : {};
}

/** The parts of Neynar's v2 cast object we read (https://docs.neynar.com/reference/fetch-casts-for-user). */
const userCastsSchema = z.object({
  casts: z.array(
    z.object({
      hash: z.string(),
      text: z.string(),
      parent_hash: z.string().nullish(),
      timestamp: z.string(),
    }),
  ),
});

/** The parts of Neynar's cast lookup we read (https://docs.neynar.com/reference/lookup-cast-by-hash-or-url). */
const castLookupSchema = z.object({
  cast: z.object({
    hash: z.string(),
    text: z.string(),
    parent_hash: z.string().nullish(),
    author: z.object({ fid: z.number().int(), username: z.string() }),
  }),
});

/**
 * Neynar's spec answers an unknown fid or cast hash with 400 on these lookups (ErrorRes); 404 is
 * taken too, as other lookups use it.
 */
const UNKNOWN_FID_OR_HASH = [400, 404] as const;

/** Neynar caps this endpoint's page size. */
const MAX_CASTS_PER_PAGE = 150;

/**
 * Production Farcaster data over Neynar's HTTP API v2. Plain fetch against the two documented
 * endpoints we need, rather than the whole SDK (and its axios) for two GETs.
 */
export function neynarFarcasterData(options: NeynarOptions): FarcasterData {
  const neynar = neynarHttp(options);

  return {
    async getUser(fid) {
      const body = await neynar.lookup(
        { path: '/v2/farcaster/user/bulk/', query: { fids: String(fid) }, schema: bulkUsersSchema },
        UNKNOWN_FID_OR_HASH,
      );
      const user = body?.users.find((candidate) => candidate.fid === fid);
      if (!user) return null;
      return {
        fid: user.fid,
        username: user.username,
        displayName: user.display_name ?? user.username,
        pfpUrl: user.pfp_url ?? null,
        bio: user.profile?.bio?.text ?? '',
        custodyAddress: user.custody_address as `0x${string}`,
        verifiedAddresses: (user.verified_addresses?.eth_addresses ?? []) as `0x${string}`[],
        ...qualityScoreOf(user),
      };
    },
    async getRecentCasts(fid, limit) {
      const body = await neynar.lookup(
        {
          path: '/v2/farcaster/feed/user/casts/',
          query: { fid: String(fid), limit: String(Math.min(limit, MAX_CASTS_PER_PAGE)), include_replies: 'true' },
          schema: userCastsSchema,
        },
        UNKNOWN_FID_OR_HASH,
      );
      return (body?.casts ?? []).map((cast) => ({
        hash: cast.hash,
        text: cast.text,
        parentHash: cast.parent_hash ?? null,
        createdAt: new Date(cast.timestamp),
      }));
    },
    async getCast(hash) {
      const body = await neynar.lookup(
        { path: '/v2/farcaster/cast/', query: { identifier: hash, type: 'hash' }, schema: castLookupSchema },
        UNKNOWN_FID_OR_HASH,
      );
      if (!body) return null;
      const { cast } = body;
      return {
        hash: cast.hash,
        text: cast.text,
        parentHash: cast.parent_hash ?? null,
        author: { fid: cast.author.fid, username: cast.author.username },
      };
    },
  };
}
