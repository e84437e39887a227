/**
 * The twin's voice as its owner edits it, and its learning from the owner's new casts.
 * Owner only: read, change, list versions, revert, refresh from casts.
 */
import { z } from 'zod/mini';
import { CHARACTERISTIC_COUNT } from './constants.ts';
import { characteristicSchema } from './entities.ts';

/** Limits on what an owner writes into the voice: short enough for a prompt and a screen. */
export const VOICE_LIMITS = {
  aboutMeChars: 160,
  avoidTopics: 10,
  avoidTopicChars: 40,
  phrases: 5,
  phraseChars: 120,
} as const;

const line = (max: number, what: string) =>
  z.string().check(
    z.trim(),
    z.maxLength(max, `${what} must be at most ${max} characters`),
    z.refine<string>((text) => !/[\r\n]/.test(text), `${what} must be one line`),
  );

/** What the owner sets: the eight choices (in onboarding's order), about me, topics to avoid, phrases. */
export const ownerVoiceSchema = z.strictObject({
  choices: z.array(z.string().check(z.maxLength(40))).check(z.length(CHARACTERISTIC_COUNT)),
  aboutMe: line(VOICE_LIMITS.aboutMeChars, 'about me'),
  avoidTopics: z
    .array(
      z.pipe(
        line(VOICE_LIMITS.avoidTopicChars, 'a topic to avoid'),
        z.string().check(z.minLength(2, 'a topic to avoid needs at least 2 characters')),
      ),
    )
    .check(z.maxLength(VOICE_LIMITS.avoidTopics, `at most ${VOICE_LIMITS.avoidTopics} topics to avoid`)),
  phrases: z
    .array(
      z.pipe(
        line(VOICE_LIMITS.phraseChars, 'a phrase'),
        z.string().check(z.minLength(2, 'a phrase needs at least 2 characters')),
      ),
    )
    .check(z.maxLength(VOICE_LIMITS.phrases, `at most ${VOICE_LIMITS.phrases} phrases`)),
});
export type OwnerVoice = z.infer<typeof ownerVoiceSchema>;

// GET /doppelganger/voice/{agentId}, and the answer of PUT and of a revert
export const ownerVoiceResponseSchema = z.object({
  agentId: z.string(),
  /** Grows by one with every change, revert and learning run. */
  version: z.int(),
  voice: ownerVoiceSchema,
  /** The eight questions with their options, as onboarding asks them. */
  characteristics: z.array(characteristicSchema),
  /** How many casts the twin knows, and when it last learned from new ones. */
  castsKnown: z.int(),
  learnedAt: z.nullable(z.string()),
});
export type OwnerVoiceResponse = z.infer<typeof ownerVoiceResponseSchema>;

// GET /doppelganger/voice/{agentId}/versions: newest first
export const voiceVersionSchema = z.object({
  version: z.int(),
  voice: ownerVoiceSchema,
  createdAt: z.string(),
});
export const voiceVersionsResponseSchema = z.object({ agentId: z.string(), versions: z.array(voiceVersionSchema) });
export type VoiceVersionsResponse = z.infer<typeof voiceVersionsResponseSchema>;

// POST /doppelganger/voice/{agentId}/revert
// A version is a Postgres integer: a larger number is no version, refused here rather than by the database.
export const voiceRevertRequestSchema = z.strictObject({ version: z.int32().check(z.positive()) });

// POST /doppelganger/voice/{agentId}/learn: "Refresh from my casts"
export const castLearningResponseSchema = z.object({
  agentId: z.string(),
  /** Casts newer than the last one learned, now in the twin's memory. */
  learned: z.int(),
  castsKnown: z.int(),
  learnedAt: z.string(),
});
export type CastLearningResponse = z.infer<typeof castLearningResponseSchema>;

export const ownerVoicePaths = {
  voice: (agentId: string) => `/doppelganger/voice/${encodeURIComponent(agentId)}`,
  versions: (agentId: string) => `/doppelganger/voice/${encodeURIComponent(agentId)}/versions`,
  revert: (agentId: string) => `/doppelganger/voice/${encodeURIComponent(agentId)}/revert`,
  learn: (agentId: string) => `/doppelganger/voice/${encodeURIComponent(agentId)}/learn`,
};
