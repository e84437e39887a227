/**
 * The exactly-once keys of what a twin writes: one per thing to write. The queue refuses a second
 * job with the same key, twin_writings stores one writing per key, and the channel gets it as the
 * idempotency key, so all three agree.
 */
export const writingKeys = {
  threadReply: (agentId: string, castHash: string) => `thread-reply:${agentId}:${castHash}`,
  /** Once per thread: a dead twin says so once, however often it is tagged there. */
  deadReply: (agentId: string, threadHash: string) => `dead-reply:${agentId}:${threadHash}`,
  dmReply: (agentId: string, messageId: string) => `dm-reply:${agentId}:${messageId}`,
  post: (agentId: string, slotAt: number) => `post:${agentId}:${slotAt}`,
  digest: (agentId: string, slotAt: number) => `digest:${agentId}:${slotAt}`,
  /** Once per revival: `revivalKey` is revival:{txHash}:{logIndex}. */
  thankYou: (agentId: string, revivalKey: string) => `thank-you:${agentId}:${revivalKey}`,
};
