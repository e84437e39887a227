import type { FeedCast } from '@fartwin/protocol';
import type { ComposeDraft } from '../sheets/host-sheets.ts';

/** The composer's draft when a person presses Reply on `cast` in the feed. */
export const replyDraft = (cast: Pick<FeedCast, 'hash'>): ComposeDraft => ({
  parent: { type: 'cast', hash: cast.hash },
});
