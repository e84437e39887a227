/**
 * The owner teaches the twin by example: on Activity the owner rewrites one of its replies as they
 * would say it; the rewrite is kept as an example (the message and the owner's answer) that the twin
 * follows for similar messages from then on. Owner only: add (or replace), list, delete.
 */
import { z } from 'zod/mini';
import { storableText } from './input-text.ts';

/** Limits on the owner's examples: a cast's length, and a bounded list per twin. */
export const OWNER_EXAMPLE_LIMITS = {
  /** The owner's answer, in characters (a cast is 320 bytes; the twin's reply is cut to the channel anyway). */
  answerChars: 320,
  /** The writing key a rewrite names. */
  writingKeyChars: 300,
  /** Examples kept per twin: a new one past it is refused until the owner deletes one. */
  perTwin: 100,
} as const;

// POST /doppelganger/examples/{agentId}: "How I'd say it" for one of the twin's replies.
export const ownerExampleRequestSchema = z.strictObject({
  /** The reply rewritten: its key on Activity. */
  writingKey: storableText(z.string().check(z.minLength(1), z.maxLength(OWNER_EXAMPLE_LIMITS.writingKeyChars))),
  answer: storableText(
    z
      .string()
      .check(
        z.trim(),
        z.minLength(1, 'the answer must not be empty'),
        z.maxLength(
          OWNER_EXAMPLE_LIMITS.answerChars,
          `the answer must be at most ${OWNER_EXAMPLE_LIMITS.answerChars} characters`,
        ),
      ),
  ),
});
export type OwnerExampleRequest = z.infer<typeof ownerExampleRequestSchema>;

export const ownerExampleSchema = z.object({
  id: z.string(),
  writingKey: z.string(),
  /** What the twin was answering. */
  message: z.string(),
  /** How the owner would say it. */
  answer: z.string(),
  /** ISO time. */
  createdAt: z.string(),
});
export type OwnerExample = z.infer<typeof ownerExampleSchema>;

export const ownerExampleResponseSchema = z.object({ agentId: z.string(), example: ownerExampleSchema });
export type OwnerExampleResponse = z.infer<typeof ownerExampleResponseSchema>;

// GET /doppelganger/examples/{agentId}: newest first.
export const ownerExamplesResponseSchema = z.object({ agentId: z.string(), examples: z.array(ownerExampleSchema) });
export type OwnerExamplesResponse = z.infer<typeof ownerExamplesResponseSchema>;

// DELETE /doppelganger/examples/{agentId}/{id}
export const ownerExampleDeletedSchema = z.object({ agentId: z.string(), deleted: z.boolean() });
export type OwnerExampleDeleted = z.infer<typeof ownerExampleDeletedSchema>;

export const ownerExamplePaths = {
  examples: (agentId: string) => `/doppelganger/examples/${encodeURIComponent(agentId)}`,
  example: (agentId: string, id: string) =>
    `/doppelganger/examples/${encodeURIComponent(agentId)}/${encodeURIComponent(id)}`,
};
