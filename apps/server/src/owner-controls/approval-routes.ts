import {
  type DraftResponse,
  draftPublishSchema,
  type OwnerControlsResponse,
  ownerControlsUpdateSchema,
} from '@fartwin/protocol';
import { Hono } from 'hono';
import type { TokenVerifier } from '../auth/index.ts';
import { type AuthVariables, requireAuth } from '../auth/index.ts';
import type { Db } from '../platform/db/database.ts';
import { HttpError } from '../platform/http/errors.ts';
import { jsonBody } from '../platform/http/json-body.ts';
import type { RateLimits } from '../platform/limits/rate-limits.ts';
import { type DraftReview, toDraft } from '../twin-actions/index.ts';
import { twinSwitchesOf, updateOwnerControls } from '../twin-switches/index.ts';
import { ownedTwin } from '../twins/index.ts';

export interface ApprovalRouteDeps {
  db: Db;
  tokens: TokenVerifier;
  rateLimits: RateLimits;
  /** Publishing and discarding drafts (twin-actions' entry point). */
  drafts: DraftReview;
}

/** A writing key: `post:{agentId}:{slot}`, `thread-reply:{agentId}:{castHash}`. */
const DRAFT_KEY = /^(post|thread-reply):[0-9a-f-]{36}:[0-9a-zA-Z]{1,80}$/;

function draftKeyParam(value: string): string {
  if (!DRAFT_KEY.test(value)) throw new HttpError(400, 'invalid_draft_key', 'Not a draft key');
  return value;
}

/**
 * Pause and "ask me first" (read and changed by the twin's owner only), and the owner's review of
 * drafts: publish (as written or edited), discard.
 */
export function approvalRoutes(deps: ApprovalRouteDeps) {
  const { db } = deps;
  const app = new Hono<{ Variables: AuthVariables }>();
  const auth = requireAuth(deps.tokens);
  const writesPerFid = deps.rateLimits.limit<{ Variables: AuthVariables }>('writePerFid', (c) => c.get('authFid'));

  app.get('/doppelganger/controls/:agentId', auth, async (c) => {
    const twin = await ownedTwin(db, c.req.param('agentId'), c.get('authFid'), 'see its controls');
    const { controls } = await twinSwitchesOf(db, twin.agentId);
    return c.json({ agentId: twin.agentId, controls } satisfies OwnerControlsResponse);
  });

  app.patch('/doppelganger/controls/:agentId', auth, writesPerFid, async (c) => {
    const twin = await ownedTwin(db, c.req.param('agentId'), c.get('authFid'), 'pause it or change what it asks first');
    const update = await jsonBody(c, ownerControlsUpdateSchema);
    const controls = await updateOwnerControls(db, twin.agentId, update);
    return c.json({ agentId: twin.agentId, controls } satisfies OwnerControlsResponse);
  });

  app.post('/doppelganger/drafts/:agentId/:key/publish', auth, writesPerFid, async (c) => {
    const twin = await ownedTwin(db, c.req.param('agentId'), c.get('authFid'), 'publish its drafts');
    const key = draftKeyParam(c.req.param('key'));
    const { text } = await jsonBody(c, draftPublishSchema);
    const outcome = await deps.drafts.publish(twin.agentId, key, text);
    if (outcome.status === 'unknown') throw new HttpError(404, 'unknown_draft', `No draft ${key}`);
    if (outcome.status === 'busy') {
      throw new HttpError(409, 'draft_publishing', 'This draft is being published right now');
    }
    if (outcome.status === 'closed') {
      throw new HttpError(409, 'draft_closed', `This draft was ${outcome.draft.status}: it can no longer be published`);
    }
    return c.json({ draft: toDraft(outcome.draft) } satisfies DraftResponse);
  });

  app.post('/doppelganger/drafts/:agentId/:key/discard', auth, writesPerFid, async (c) => {
    const twin = await ownedTwin(db, c.req.param('agentId'), c.get('authFid'), 'discard its drafts');
    const key = draftKeyParam(c.req.param('key'));
    const draft = await deps.drafts.discard(twin.agentId, key);
    if (!draft) throw new HttpError(404, 'unknown_draft', `No draft ${key}`);
    if (draft.status !== 'discarded') {
      throw new HttpError(409, 'draft_closed', `This draft was ${draft.status}: it can no longer be discarded`);
    }
    return c.json({ draft: toDraft(draft) } satisfies DraftResponse);
  });

  return app;
}
