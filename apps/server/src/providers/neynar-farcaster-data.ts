import { z } from 'zod';
import type { FarcasterData } from './farcaster-data.ts';

export const NEYNAR_API_URL = 'https://api.neynar.com';

/** The parts of Neynar's v2 user object we read (https://docs.neynar.com/reference/fetch-bulk-users). */
const neynarUserSchema = z.object({
  fid: z.number().int(),
  username: z.string(),
  display_name: z.string().nullish(),
  pfp_url: z.string().nullish(),
  custody_address: z.string(),
  profile: z.object({ bio: z.object({ text: z.string().nullish() }).nullish() }).nullish(),
});
const bulkUsersSchema = z.object({ users: z.array(neynarUserSchema) });

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

/** Neynar caps this endpoint's page size. */
const MAX_CASTS_PER_PAGE = 150;

export class NeynarError extends Error {
  override name = 'NeynarError';
}

/**
 * Production Farcaster data over Neynar's HTTP API v2. Plain fetch against the two documented
 * endpoints we need, rather than the whole SDK (and its axios) for two GETs.
 */
export function neynarFarcasterData(options: { apiKey: string; baseUrl?: string; timeoutMs?: number }): FarcasterData {
  const baseUrl = options.baseUrl ?? NEYNAR_API_URL;
  const get = async (path: string, query: Record<string, string>): Promise<unknown> => {
    const url = new URL(path, baseUrl);
    for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
    const response = await fetch(url, {
      headers: { 'x-api-key': options.apiKey, accept: 'application/json' },
      signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
    });
    // Neynar answers an unknown fid with 404 on some endpoints.
    if (response.status === 404) return null;
    if (!response.ok) throw new NeynarError(`Neynar ${path} answered HTTP ${response.status}`);
    return response.json();
  };

  return {
    async getUser(fid) {
      const body = await get('/v2/farcaster/user/bulk', { fids: String(fid) });
      if (body === null) return null;
      const user = bulkUsersSchema.parse(body).users.find((candidate) => candidate.fid === fid);
      if (!user) return null;
      return {
        fid: user.fid,
        username: user.username,
        displayName: user.display_name ?? user.username,
        pfpUrl: user.pfp_url ?? null,
        bio: user.profile?.bio?.text ?? '',
        custodyAddress: user.custody_address as `0x${string}`,
      };
    },
    async getRecentCasts(fid, limit) {
      const body = await get('/v2/farcaster/feed/user/casts', {
        fid: String(fid),
        limit: String(Math.min(limit, MAX_CASTS_PER_PAGE)),
        include_replies: 'true',
      });
      if (body === null) return [];
      return userCastsSchema.parse(body).casts.map((cast) => ({
        hash: cast.hash,
        text: cast.text,
        parentHash: cast.parent_hash ?? null,
        createdAt: new Date(cast.timestamp),
      }));
    },
  };
}
