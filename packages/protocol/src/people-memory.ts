/**
 * What a twin remembers of the people it talked with: per person and channel, the topics and a few
 * short snippets of their last exchanges. Each channel recalls only its own (what is said in private
 * never reaches a public reply). Only the twin's owner reads or clears it.
 */
import { z } from 'zod/mini';

/** How many exchanges a twin keeps per person in each channel (the oldest dropped). */
export const PEOPLE_MEMORY_EXCHANGES_PER_PERSON = 6;
/** How many people a twin remembers (whoever it talked with longest ago is forgotten first). */
export const PEOPLE_MEMORY_PEOPLE_PER_TWIN = 200;
/** The longest snippet of what a person said that a twin keeps, in characters. */
export const PEOPLE_MEMORY_SNIPPET_CHARS = 200;

export const peopleMemoryChannels = ['chat', 'thread', 'dm'] as const;
export type PeopleMemoryChannel = (typeof peopleMemoryChannels)[number];

export const rememberedExchangeSchema = z.object({
  channel: z.enum(peopleMemoryChannels),
  /** What the person said, cut to PEOPLE_MEMORY_SNIPPET_CHARS. */
  said: z.string(),
  topics: z.array(z.string()),
  /** ISO time. */
  at: z.string(),
});
export type RememberedExchange = z.infer<typeof rememberedExchangeSchema>;

export const rememberedPersonSchema = z.object({
  fid: z.int().check(z.positive()),
  username: z.nullable(z.string()),
  /** Newest first. */
  exchanges: z.array(rememberedExchangeSchema),
});
export type RememberedPerson = z.infer<typeof rememberedPersonSchema>;

// GET /doppelganger/people-memory/{agentId} (the twin's owner only)
export const peopleMemoryResponseSchema = z.object({
  agentId: z.string(),
  /** Whoever talked with the twin last first. */
  people: z.array(rememberedPersonSchema),
});
export type PeopleMemoryResponse = z.infer<typeof peopleMemoryResponseSchema>;

// DELETE /doppelganger/people-memory/{agentId}[/{fid}]
export const peopleMemoryClearedSchema = z.object({ agentId: z.string(), cleared: z.int().check(z.nonnegative()) });
export type PeopleMemoryCleared = z.infer<typeof peopleMemoryClearedSchema>;
