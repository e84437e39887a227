/** A direct message as a twin's answer needs it. */
export interface DirectMessageTurn {
  id: string;
  fromFid: number;
  text: string;
}

/**
 * Direct messages (Farcaster's direct casts) for twins' accounts: the local network's locally
 * (social/); in production no API lets a service receive an account's direct casts, so the server says so.
 */
export interface DirectMessages {
  readonly available: boolean;
  /** Why not, when unavailable: shown beside the "Reply to DCs" switch. */
  readonly note?: string;
  /** Sends once per idempotency key; answers the message's id. */
  send(request: { fromFid: number; toFid: number; text: string; idempotencyKey: string }): Promise<string>;
  /** The conversation between two accounts, oldest first, the last `limit` messages. */
  conversation(fid: number, otherFid: number, limit: number): Promise<DirectMessageTurn[]>;
}

/** Farcaster has no API to receive an account's direct casts (docs/product.md, "What a twin does"). */
export const DIRECT_MESSAGES_UNAVAILABLE_NOTE =
  'Direct messages are not available on this server: Farcaster offers no way for a service to receive direct casts for the accounts it holds.';

export function unavailableDirectMessages(): DirectMessages {
  const unavailable = () => Promise.reject(new Error(DIRECT_MESSAGES_UNAVAILABLE_NOTE));
  return { available: false, note: DIRECT_MESSAGES_UNAVAILABLE_NOTE, send: unavailable, conversation: unavailable };
}
