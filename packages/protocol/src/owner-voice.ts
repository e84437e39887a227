/**
 * The twin's voice as its owner edits it (issue 25 part 1) and its learning from the owner's new casts
 * (part 2). Owner only: read, change, list versions, revert, refresh from casts.
 */
import { z } from 'zod';
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
  z
    .string()
    .trim()
    .max(max, `${what} must be at most ${max} characters`)
    .refine((text) => !/[\r\n]/.test(text), `${what} must be one line`);

/** What the owner sets: the eight choices (in onboarding's order), about me, topics to avoid, phrases. */
export const ownerVoiceSchema = z
  .object({
    choices: z.array(z.string().max(40)).length(CHARACTERISTIC_COUNT),
    aboutMe: line(VOICE_LIMITS.aboutMeChars, 'about me'),
    avoidTopics: z
      .array(
        line(VOICE_LIMITS.avoidTopicChars, 'a topic to avoid').pipe(
          z.string().min(2, 'a topic to avoid needs at least 2 characters'),
        ),
      )
      .max(VOICE_LIMITS.avoidTopics, `at most ${VOICE_LIMITS.avoidTopics} topics to avoid`),
    phrases: z
      .array(line(VOICE_LIMITS.phraseChars, 'a phrase').pipe(z.string().min(2, 'a phrase needs at least 2 characters')))
      .max(VOICE_LIMITS.phrases, `at most ${VOICE_LIMITS.phrases} phrases`),
  })
  .strict();
export type OwnerVoice = z.infer<typeof ownerVoiceSchema>;

// GET /doppelganger/voice/{agentId}, and the answer of PUT and of a revert
export const ownerVoiceResponseSchema = z.object({
  agentId: z.string(),
  /** Grows by one with every change, revert and learning run. */
  version: z.number().int(),
  voice: ownerVoiceSchema,
  /** The eight questions with their options, as onboarding asks them. */
  characteristics: z.array(characteristicSchema),
  /** How many casts the twin knows, and when it last learned from new ones. */
  castsKnown: z.number().int(),
  learnedAt: z.string().nullable(),
});
export type OwnerVoiceResponse = z.infer<typeof ownerVoiceResponseSchema>;

// GET /doppelganger/voice/{agentId}/versions: newest first
export const voiceVersionSchema = z.object({
  version: z.number().int(),
  voice: ownerVoiceSchema,
  createdAt: z.string(),
});
export const voiceVersionsResponseSchema = z.object({ agentId: z.string(), versions: z.array(voiceVersionSchema) });
export type VoiceVersionsResponse = z.infer<typeof voiceVersionsResponseSchema>;

// POST /doppelganger/voice/{agentId}/revert
export const voiceRevertRequestSchema = z.object({ version: z.number().int().positive() }).strict();

// POST /doppelganger/voice/{agentId}/learn: "Refresh from my casts"
export const castLearningResponseSchema = z.object({
  agentId: z.string(),
  /** Casts newer than the last one learned, now in the twin's memory. */
  learned: z.number().int(),
  castsKnown: z.number().int(),
  learnedAt: z.string(),
});
export type CastLearningResponse = z.infer<typeof castLearningResponseSchema>;

export const ownerVoicePaths = {
  voice: (agentId: string) => `/doppelganger/voice/${encodeURIComponent(agentId)}`,
  versions: (agentId: string) => `/doppelganger/voice/${encodeURIComponent(agentId)}/versions`,
  revert: (agentId: string) => `/doppelganger/voice/${encodeURIComponent(agentId)}/revert`,
  learn: (agentId: string) => `/doppelganger/voice/${encodeURIComponent(agentId)}/learn`,
};
