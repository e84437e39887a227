import {
  type AgentsByFidResponse,
  type AgentsResponse,
  agentsQuerySchema,
  DIRECTORY_PAGE_SIZE,
} from '@fartwin/protocol';
import { Hono } from 'hono';
import type { Lives } from '../platform/chain/lives.ts';
import type { Db } from '../platform/db/database.ts';
import { DIRECTORY_CACHE_CONTROL, REVALIDATE_CACHE_CONTROL } from '../platform/http/caching.ts';
import { fidParam } from '../platform/http/fid-param.ts';
import type { PublicAnswers } from '../platform/http/public-answers.ts';
import type { RateLimits } from '../platform/limits/rate-limits.ts';
import type { FarcasterData } from '../platform/providers/farcaster-data.ts';
import { personaOf } from '../twin-mind/index.ts';
import { findTwin, findTwinsByOwner, listTwinsPage, type TwinRecord } from './repository.ts';
import { toApiTwin } from './twin-view.ts';

/** The directory's reads: every twin a page at a time, one twin, or a user's twins (public, held a moment). */
export function directoryRoutes(deps: {
  db: Db;
  lives: Lives;
  farcaster: FarcasterData;
  rateLimits: RateLimits;
  /** Where the public reads' answers are held a moment (directory pages, a user's twins). */
  answers: PublicAnswers;
}) {
  const { db, lives, rateLimits, answers } = deps;
  const app = new Hono();

  // Lives from the index, never the chain: the directory's speed is the database's.
  const withLife = async (twins: TwinRecord[]) => {
    const known = await lives.of(twins.map((twin) => twin.agentId));
    return twins.map((twin) => toApiTwin(twin, known.get(twin.agentId)?.expiresAt ?? null));
  };

  // The directory, newest first, one keyset page at a time; or narrowed to one twin.
  app.get('/doppelganger/agents', async (c) => {
    const query = agentsQuerySchema.parse(c.req.query());
    if (query.agentId !== undefined) {
      const agentId = query.agentId;
      // Only a twin that exists is held: one deployed a moment later is found at once.
      const found = await answers.answer(c, `agent:${agentId}`, DIRECTORY_CACHE_CONTROL, async () => {
        const twin = await findTwin(db, agentId);
        return twin ? ({ agents: await withLife([twin]), nextCursor: null } satisfies AgentsResponse) : undefined;
      });
      return (
        found ?? answers.send(c, { agents: [], nextCursor: null } satisfies AgentsResponse, REVALIDATE_CACHE_CONTROL)
      );
    }
    const limit = query.limit ?? DIRECTORY_PAGE_SIZE;
    const answer = await answers.answer(c, `page:${limit}:${query.cursor ?? ''}`, DIRECTORY_CACHE_CONTROL, async () => {
      const page = await listTwinsPage(db, { limit, cursor: query.cursor });
      return { agents: await withLife(page.twins), nextCursor: page.nextCursor } satisfies AgentsResponse;
    });
    return answer!;
  });

  // A user's twins or, with none yet, the eight questions that build one.
  app.get('/doppelganger/agents/:fid', async (c) => {
    const fid = fidParam(c.req.param('fid'));
    // Only a user with twins is held: one without gets the questions, and has a twin right after deploying.
    const twins = await answers.answer(c, `owner:${fid}`, REVALIDATE_CACHE_CONTROL, async () => {
      const twins = await findTwinsByOwner(db, fid);
      return twins.length > 0 ? ({ agents: await withLife(twins) } satisfies AgentsByFidResponse) : undefined;
    });
    if (twins) return twins;
    // The questions are built from the user's profile and casts: Neynar calls, limited per IP.
    await rateLimits.consumeByIp('costlyReadPerIp', c);
    const { characteristics } = await personaOf(deps.farcaster, fid);
    return answers.send(c, { agents: [], characteristics } satisfies AgentsByFidResponse, REVALIDATE_CACHE_CONTROL);
  });

  return app;
}
