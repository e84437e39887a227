// The offline echo engine: a twin's character built from its owner's casts, and replies, posts and
// a model's instructions written from it, as pure functions of text (no database, no network).

export type { OwnerAccount, OwnerCast } from './cast.ts';
export type { CastProfile } from './cast-profile.ts';
export { profileCasts } from './cast-profile.ts';
export type { Character, OwnerWords } from './character.ts';
export { buildCharacter, CHARACTER_CAST_LIMIT, characterSchema } from './character.ts';
export {
  buildCharacteristics,
  characteristicsFor,
  choicesProblem,
  leaningChoices,
  PERSONALITY_AXES,
} from './characteristics.ts';
export type { ChatEngine, ChatInput, WritingTask } from './chat-engine.ts';
export { ChatEngineError, threadTurn } from './chat-engine.ts';
export type { EchoRequest } from './echo-reply.ts';
export { chunkReply, writeEcho, writeEchoReply } from './echo-reply.ts';
export { echoTwin } from './echo-twin.ts';
export * as framing from './framing.ts';
export { aboutMeOf, avoidedTopicIn, speakableCharacter } from './owner-words.ts';
export type { PersonMemory } from './people-memory.ts';
export { snippetOf, topicsOf } from './people-memory.ts';
export type { Recall, RecalledCast } from './recall.ts';
export { asksAboutNow, RECALL_HEADERS, RECALL_PROMPT_TOKENS, recallQueryOf, tokensIn, withRecall } from './recall.ts';
export type { StyleMetrics } from './style.ts';
export { measureStyle, styleDistance } from './style.ts';
export { PAUSED_NOTE, systemPrompt } from './system-prompt.ts';
export { normalizeForComparison, stripEmojis } from './text.ts';
export { seededPicker } from './voice.ts';
