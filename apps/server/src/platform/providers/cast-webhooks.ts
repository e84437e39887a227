/** What a sync of the webhooks' filters did. */
export interface CastWebhookSync {
  /** Webhooks whose filters were rewritten (0 when they already matched). */
  updated: number;
  /** Twins' fids no webhook has room for: another webhook is needed. */
  unplaced: number[];
}

/**
 * Where casts that tag a twin, or reply to one, come from: production's Neynar `cast.created`
 * webhooks, whose filters (`mentioned_fids`, `parent_author_fids`) must list every twin's fid.
 * Locally the firehose reads every cast of the local network, so there is nothing to keep.
 */
export interface CastWebhooks {
  /** Adds the twin's fid to the filters; nothing when it is there already. */
  follow(fid: number): Promise<CastWebhookSync>;
  /** Makes the filters list exactly these fids (the twins in the database). */
  reconcile(fids: readonly number[]): Promise<CastWebhookSync>;
}

/** Local mode: the local firehose sees every cast, no webhook to keep. */
export function localCastWebhooks(): CastWebhooks {
  const nothing = async (): Promise<CastWebhookSync> => ({ updated: 0, unplaced: [] });
  return { follow: nothing, reconcile: nothing };
}
