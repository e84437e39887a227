import { z } from 'zod';
import type { CastWebhookSync, CastWebhooks } from './cast-webhooks.ts';
import { NeynarError, type NeynarOptions, neynarHttp } from './neynar-http.ts';

/**
 * Twins' fids one webhook's filter holds by default. Neither Neynar's spec nor its docs give a size
 * limit for `mentioned_fids` / `parent_author_fids`; this keeps each update's body small (about 15 kB)
 * and is a setting (NEYNAR_WEBHOOK_MAX_FIDS) for when Neynar's answer says otherwise.
 */
export const DEFAULT_FIDS_PER_WEBHOOK = 1_000;

const fidsSchema = z.array(z.number().int()).nullish();
/** The `cast.created` filter: the two lists we keep, and whatever else the operator set, kept as it is. */
const castFilterSchema = z.looseObject({ mentioned_fids: fidsSchema, parent_author_fids: fidsSchema });
/** The parts of WebhookResponse (Neynar's spec) we read; the other event types' filters are kept as they are. */
const webhookResponseSchema = z.object({
  webhook: z.object({
    webhook_id: z.string(),
    title: z.string(),
    target_url: z.string(),
    subscription: z
      .object({
        filters: z.looseObject({ 'cast.created': castFilterSchema.nullish() }),
      })
      .nullish(),
  }),
});
type WebhookAnswer = z.infer<typeof webhookResponseSchema>['webhook'];

interface WebhookState {
  webhook: WebhookAnswer;
  /** The twins' fids this webhook should list, sorted. */
  wanted: number[];
}

const sorted = (fids: Iterable<number>) => [...new Set(fids)].sort((a, b) => a - b);
const sameList = (a: readonly number[], b: readonly number[]) =>
  a.length === b.length && a.every((fid, index) => fid === b[index]);

/**
 * Production: the `cast.created` filters of the operator's Neynar webhooks (lookup-webhook and
 * update-webhook, /v2/farcaster/webhook/). Each webhook lists up to `maxFidsPerWebhook` twins, the
 * same fids in `mentioned_fids` and `parent_author_fids` (Neynar ORs the filters); a fid stays in
 * the webhook that has it, and new ones go to the first with room. An update rewrites only the two
 * lists: its other filters, name and URL are sent back as Neynar gave them.
 *
 * Callers serialise follow and reconcile (an advisory lock): each reads, then rewrites, the filters.
 */
export function neynarCastWebhooks(
  options: NeynarOptions & { webhookIds: readonly string[]; maxFidsPerWebhook?: number },
): CastWebhooks {
  const neynar = neynarHttp(options);
  const capacity = options.maxFidsPerWebhook ?? DEFAULT_FIDS_PER_WEBHOOK;
  if (options.webhookIds.length === 0) throw new NeynarError('No Neynar webhook id to keep the twins’ filters in');

  const lookup = async (webhookId: string): Promise<WebhookAnswer> =>
    (
      await neynar.request({
        path: '/v2/farcaster/webhook/',
        query: { webhook_id: webhookId },
        schema: webhookResponseSchema,
      })
    ).webhook;

  const castFilter = (webhook: WebhookAnswer) => webhook.subscription?.filters['cast.created'] ?? {};
  /** A fid counts as listed only when both lists have it. */
  const listed = (webhook: WebhookAnswer) => {
    const filter = castFilter(webhook);
    const replies = new Set(filter.parent_author_fids ?? []);
    return sorted((filter.mentioned_fids ?? []).filter((fid) => replies.has(fid)));
  };
  const present = (webhook: WebhookAnswer) => {
    const filter = castFilter(webhook);
    return new Set([...(filter.mentioned_fids ?? []), ...(filter.parent_author_fids ?? [])]);
  };

  const update = async ({ webhook, wanted }: WebhookState) => {
    const filters = webhook.subscription?.filters ?? {};
    await neynar.request({
      path: '/v2/farcaster/webhook/',
      method: 'PUT',
      body: {
        webhook_id: webhook.webhook_id,
        name: webhook.title,
        url: webhook.target_url,
        subscription: {
          ...filters,
          'cast.created': { ...castFilter(webhook), mentioned_fids: wanted, parent_author_fids: wanted },
        },
      },
      schema: webhookResponseSchema,
    });
  };

  /** Places the wanted fids: where they are, else in the first webhook with room; writes what changed. */
  const sync = async (wantedFids: readonly number[], keepOthers: boolean): Promise<CastWebhookSync> => {
    const webhooks = await Promise.all(options.webhookIds.map(lookup));
    const wanted = new Set(wantedFids);
    const placed = new Set<number>();
    const states: WebhookState[] = webhooks.map((webhook) => {
      // The capacity limits what is added, never what stays: a lower setting moves nobody out.
      const kept = sorted([...present(webhook)].filter((fid) => (keepOthers || wanted.has(fid)) && !placed.has(fid)));
      for (const fid of kept) placed.add(fid);
      return { webhook, wanted: kept };
    });
    const unplaced: number[] = [];
    for (const fid of sorted(wanted)) {
      if (placed.has(fid)) continue;
      const room = states.find((state) => state.wanted.length < capacity);
      if (!room) {
        unplaced.push(fid);
        continue;
      }
      room.wanted = sorted([...room.wanted, fid]);
      placed.add(fid);
    }
    const changed = states.filter((state) => !sameList(listed(state.webhook), state.wanted) || hasStray(state));
    for (const state of changed) await update(state);
    return { updated: changed.length, unplaced };
  };

  /** One list has a fid the other lacks: rewritten so both say the same. */
  const hasStray = ({ webhook, wanted }: WebhookState) => present(webhook).size !== wanted.length;

  return {
    follow: (fid) => sync([fid], true),
    reconcile: (fids) => sync(fids, false),
  };
}
