import { ownerVoiceSchema, voiceRevertRequestSchema } from '@fartwin/protocol';
import { Hono } from 'hono';
import type { TokenVerifier } from '../../auth/index.ts';
import { type AuthVariables, requireAuth } from '../../auth/index.ts';
import type { Db } from '../../platform/db/database.ts';
import { jsonBody } from '../../platform/http/json-body.ts';
import type { RateLimits } from '../../platform/limits/rate-limits.ts';
import type { FarcasterData } from '../../platform/providers/farcaster-data.ts';
import { ownedTwin } from '../../twins/index.ts';
import { learnFromCasts } from './cast-learning.ts';
import { changeOwnerVoice, listVoiceVersions, readOwnerVoice, revertOwnerVoice } from './voice-service.ts';

export interface VoiceRouteDeps {
  db: Db;
  tokens: TokenVerifier;
  rateLimits: RateLimits;
  farcaster: FarcasterData;
  /** How many casts a twin remembers at most (config). */
  memoryCap?: number;
}

/** The twin's voice: only its owner reads and changes it (401 signed out, 403 others). */
export function voiceRoutes(deps: VoiceRouteDeps) {
  const { db } = deps;
  const app = new Hono<{ Variables: AuthVariables }>();
  // protocol's ownerVoicePaths, as Hono patterns.
  const pattern = '/doppelganger/voice/:agentId';

  /** The twin's id, once the signed-in person is known to own it. */
  const owned = (c: { req: { param(name: 'agentId'): string }; get(key: 'authFid'): number }) =>
    ownedTwin(db, c.req.param('agentId'), c.get('authFid'), 'see and change its voice').then((twin) => twin.agentId);

  app.use(pattern, requireAuth(deps.tokens));
  app.use(`${pattern}/*`, requireAuth(deps.tokens));
  const changesPerFid = deps.rateLimits.limit<{ Variables: AuthVariables }>('voicePerFid', (c) => c.get('authFid'));
  const refreshesPerFid = deps.rateLimits.limit<{ Variables: AuthVariables }>('castRefreshPerFid', (c) =>
    c.get('authFid'),
  );

  app.get(pattern, async (c) => c.json(await readOwnerVoice(db, await owned(c))));
  app.put(pattern, changesPerFid, async (c) => {
    const agentId = await owned(c);
    return c.json(await changeOwnerVoice(db, agentId, await jsonBody(c, ownerVoiceSchema)));
  });
  app.get(`${pattern}/versions`, async (c) => c.json(await listVoiceVersions(db, await owned(c))));
  app.post(`${pattern}/revert`, changesPerFid, async (c) => {
    const agentId = await owned(c);
    const { version } = await jsonBody(c, voiceRevertRequestSchema);
    return c.json(await revertOwnerVoice(db, agentId, version));
  });
  app.post(`${pattern}/learn`, refreshesPerFid, async (c) => {
    const agentId = await owned(c);
    return c.json(await learnFromCasts(deps, agentId));
  });
  return app;
}
